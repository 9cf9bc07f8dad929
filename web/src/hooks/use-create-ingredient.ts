import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createIngredient, ingredientQueries } from "../lib/api/catalogue.ts";

/** An ingredient created by its name alone (picked while typing); every search may list it now. */
export function useCreateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createIngredient({ name: name.trim() }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ingredientQueries.lists() }),
  });
}
