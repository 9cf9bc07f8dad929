import type { Mutation, Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { persistOptions } from "./offline.ts";

const { shouldDehydrateQuery, shouldDehydrateMutation } = persistOptions.dehydrateOptions ?? {};
const query = (queryKey: unknown[], status = "success") =>
  ({ queryKey, state: { status } }) as unknown as Query;
const mutation = (mutationKey: unknown[], status: string) =>
  ({ options: { mutationKey }, state: { status } }) as unknown as Mutation;

describe("what is kept for offline use", () => {
  it("keeps the lists, the stores and the person's households: a shared list opens offline with its names", () => {
    expect(shouldDehydrateQuery?.(query(["shopping-lists", "detail", 3]))).toBe(true);
    expect(shouldDehydrateQuery?.(query(["stores", "detail", 1]))).toBe(true);
    expect(shouldDehydrateQuery?.(query(["households", "list", 7]))).toBe(true);
  });

  it("keeps nothing else, and nothing that failed or is still loading", () => {
    expect(shouldDehydrateQuery?.(query(["recipes", "list"]))).toBe(false);
    expect(shouldDehydrateQuery?.(query(["meal-plan", "2026-11-23"]))).toBe(false);
    expect(shouldDehydrateQuery?.(query(["households", "list", 7], "error"))).toBe(false);
    expect(shouldDehydrateQuery?.(query(["shopping-lists", "detail", 3], "pending"))).toBe(false);
  });

  it("keeps the lists' changes still waiting, and no other change", () => {
    expect(shouldDehydrateMutation?.(mutation(["shopping-lists", "check-item"], "pending"))).toBe(true);
    expect(shouldDehydrateMutation?.(mutation(["shopping-lists", "check-item"], "success"))).toBe(false);
    expect(shouldDehydrateMutation?.(mutation(["households", "leave"], "pending"))).toBe(false);
  });
});
