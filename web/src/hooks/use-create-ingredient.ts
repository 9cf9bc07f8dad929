import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ingredientNamed, ingredientQueries } from "../lib/api/catalogue.ts";

/**
 * An ingredient created by its name alone (picked while typing), or the one that already has the name
 * by the service's rule (`bay leaf` when `Bay leaves` exists); every search may list it now.
 */
export function useCreateIngredient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => ingredientNamed(name),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ingredientQueries.lists() }),
  });
}
