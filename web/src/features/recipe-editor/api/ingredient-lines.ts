/**
 * POST /ingredient-lines/parse for one line as a person writes it: a read (nothing is written), so
 * a query keyed by the text. A newer text replaces the older query, whose request is aborted (its
 * signal is passed on); the same text again is answered from the cache.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { Language } from "../../../i18n/index.ts";
import { api, call } from "../../../lib/api/client.ts";
import type { ParsedLine } from "../form/line-parse.ts";

export const ingredientLineQueries = {
  all: ["ingredient-lines"] as const,

  parse: (text: string) =>
    queryOptions({
      queryKey: [...ingredientLineQueries.all, "parse", text] as const,
      queryFn: async ({ signal }): Promise<ParsedLine | null> => {
        const { items } = await call(
          api.POST("/api/v1/ingredient-lines/parse", { body: { lines: [text] }, signal }),
        );
        return items[0] ?? null;
      },
      // An ingredient created meanwhile may match the same text later.
      staleTime: 60_000,
    }),
};

/** The parse of `text`, or nothing to ask while it is null or blank. */
export function useParsedLine(text: string | null) {
  return useQuery({
    ...ingredientLineQueries.parse(text ?? ""),
    enabled: text !== null && text.trim() !== "",
  });
}

/** The lines' nutrition as the editor holds them (POST /ingredient-lines/nutrition): a read, keyed by what is sent. */
export function useLinesNutrition(lines: readonly string[], servings: number | null, lang: Language) {
  return useQuery({
    queryKey: [...ingredientLineQueries.all, "nutrition", lines, servings, lang] as const,
    queryFn: ({ signal }) =>
      call(
        api.POST("/api/v1/ingredient-lines/nutrition", {
          body: { lines: [...lines], ...(servings ? { servings } : {}), lang },
          signal,
        }),
      ),
    enabled: lines.length > 0,
    // While a newer answer is on its way the last one stays on screen.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
