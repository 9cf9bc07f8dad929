import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../../lib/api/client.ts";
import { ApiError } from "../../../lib/errors.ts";
import { makeHousehold } from "../../../lib/testing.tsx";
import { joinHousehold, membershipChanged, TooManyJoins } from "./mutations.ts";
import { householdDetail } from "./queries.ts";

afterEach(() => vi.restoreAllMocks());

const problem = (status: number, detail: string, headers: Record<string, string> = {}) => ({
  error: { type: "about:blank", title: "Refused", status, detail },
  response: new Response(null, { status, headers }),
});

describe("joinHousehold", () => {
  it("sends the code and answers with the household joined", async () => {
    const household = makeHousehold();
    const post = vi
      .spyOn(api, "POST")
      .mockResolvedValue({ data: household, response: new Response(null, { status: 200 }) } as never);
    await expect(joinHousehold("abc")).resolves.toEqual(household);
    expect(post).toHaveBeenCalledWith("/api/v1/households/join", { body: { code: "abc" } });
  });

  it("turns a 429 into TooManyJoins with the moment Retry-After names", async () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    vi.spyOn(api, "POST").mockResolvedValue(
      problem(429, "Too many failed joins. Try again in 600 seconds.", { "Retry-After": "120" }) as never,
    );
    const error = await joinHousehold("abc").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyJoins);
    expect(error).toMatchObject({ status: 429, retryAt: 1_000_000 + 120_000 });
    expect((error as Error).message).toBe("Too many failed joins. Try again in 600 seconds.");
  });

  it("keeps any other refusal as the API's sentence", async () => {
    vi.spyOn(api, "POST").mockResolvedValue(problem(422, "Invitation code is not valid.") as never);
    const error = await joinHousehold("nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).not.toBeInstanceOf(TooManyJoins);
    expect(error).toMatchObject({ status: 422, message: "Invitation code is not valid." });
  });
});

describe("membershipChanged", () => {
  it("after leaving, forgets the household and what others made in it; keeps one's own; reads everything again", async () => {
    const queryClient = new QueryClient();
    const annasList = ["shopping-lists", "detail", 5];
    const myList = ["shopping-lists", "detail", 6];
    const otherHousehold = ["shopping-lists", "detail", 7];
    queryClient.setQueryData(householdDetail(3).queryKey, makeHousehold({ id: 3 }));
    queryClient.setQueryData(annasList, { id: 5, user_id: 1, household_id: 3 });
    queryClient.setQueryData(myList, { id: 6, user_id: 2, household_id: 3 });
    queryClient.setQueryData(otherHousehold, { id: 7, user_id: 1, household_id: 4 });
    queryClient.setQueryData(["meal-plan", "week"], { items: [] });

    await membershipChanged(queryClient, { householdId: 3, me: 2 });

    expect(queryClient.getQueryData(householdDetail(3).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(annasList)).toBeUndefined();
    expect(queryClient.getQueryData(myList)).toBeDefined(); // stays one's own, still in the household
    expect(queryClient.getQueryData(otherHousehold)).toBeDefined();
    expect(queryClient.getQueryState(myList)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(["meal-plan", "week"])?.isInvalidated).toBe(true);
  });
});
