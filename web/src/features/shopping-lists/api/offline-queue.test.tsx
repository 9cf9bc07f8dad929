/**
 * The waiting changes of a list, as the app keeps them offline: what they send, how they survive a
 * reload (dehydrated as lib/offline.ts stores them, hydrated into a new client) and replay in order
 * with the same `client_id`, what a 404 (the item deleted elsewhere meanwhile) does to them, and whose
 * they are (issue 36): an expired session keeps them for the same person's next log-in, a log-out or
 * another person's log-in drops them and the app says so.
 * The API is a fake `fetch` (openapi-fetch takes the one there when the client is made, hence the
 * hoisted stub); IndexedDB (idb-keyval) a map.
 */
import {
  dehydrate,
  hydrate,
  onlineManager,
  type QueryClient,
  QueryClientProvider,
  useQuery,
} from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountQueries } from "../../../lib/api/users.ts";
import { auth } from "../../../lib/auth.ts";
import { stopKeepingOffline } from "../../../lib/offline.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { fakeToken, signInAs } from "../../../lib/testing.tsx";
import { clearUnsent, useUnsentChanges } from "../../../lib/unsent-changes.ts";
import type { Item, ShoppingList } from "../lib/list.ts";
import { clearDropped, useDroppedChanges } from "./dropped-changes.ts";
import { keepListsOffline } from "./keep-offline.ts";
import { hearLive } from "./live-hearing.ts";
import {
  type AddItem,
  checkBody,
  newClientId,
  registerShoppingListMutations,
  useAddItem,
  useCheckItem,
  useRemoveItem,
} from "./offline-queue.ts";
import { shoppingListQueries } from "./queries.ts";
import { pendingChanges, withWaiting } from "./waiting-changes.ts";

const idb = vi.hoisted(() => new Map<string, string>());
vi.mock("idb-keyval", () => ({
  get: async (key: string) => {
    const value = idb.get(key);
    return value === undefined ? undefined : JSON.parse(value);
  },
  set: async (key: string, value: unknown) => {
    idb.set(key, JSON.stringify(value));
  },
  del: async (key: string) => {
    idb.delete(key);
  },
}));

const api = vi.hoisted(() => {
  const state = {
    sent: [] as { method: string; path: string; body: unknown }[],
    /** The Authorization header of each request in `sent`. */
    tokens: [] as (string | null)[],
    answer: (_sent: { method: string; path: string; body: unknown }): Response | null =>
      new Response("{}", { status: 200 }),
    /** The refresh tokens presented to POST /auth/token, and what it answers (lib/auth.ts). */
    refreshes: [] as string[],
    refresh: (_refreshToken: string): Response => new Response("{}", { status: 401 }),
  };
  // Relative URLs as a browser resolves them (Node's Request wants absolute ones).
  const BaseRequest = globalThis.Request;
  globalThis.Request = class extends BaseRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === "string" ? new URL(input, "http://localhost") : input, init);
    }
  } as typeof Request;
  globalThis.fetch = async (input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    const text = await request.text();
    const sent = {
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    };
    if (sent.path === "/api/v1/auth/token") {
      const { refresh_token } = sent.body as { refresh_token: string };
      state.refreshes.push(refresh_token);
      return state.refresh(refresh_token);
    }
    if (sent.path !== "/api/v1/health") {
      state.sent.push(sent);
      state.tokens.push(request.headers.get("authorization"));
    }
    const answer = state.answer(sent);
    if (!answer) throw new TypeError("Failed to fetch");
    return answer;
  };
  return state;
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": status >= 400 ? "application/problem+json" : "application/json" },
  });
const notFound = (detail: string) =>
  json(404, { type: "about:blank", title: "Not Found", status: 404, detail });

const item = (id: number, name: string, extra: Partial<Item> = {}): Item => ({
  id,
  ingredient_id: null,
  name,
  amount_grams: null,
  amount_readable: "",
  checked: false,
  checked_at: null,
  grams_per_piece: null,
  recipe_ids: [],
  version: 1,
  updated_by: { user_id: 2, username: "sam" },
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  ...extra,
});

const LIST_ID = 9;
const listWith = (items: Item[]): ShoppingList => ({
  id: LIST_ID,
  user_id: 1,
  name: "Saturday",
  store_id: null,
  household_id: 4,
  created_at: "2030-01-01T00:00:00.000Z",
  updated_at: "2030-01-01T00:00:00.000Z",
  recipes: [],
  sections: [{ shelf: null, items }],
});

const key = shoppingListQueries.detail(LIST_ID).queryKey;
const itemsIn = (client: QueryClient) =>
  client.getQueryData(key)?.sections.flatMap((s) => s.items.map((i) => `${i.name}${i.checked ? "✓" : ""}`));

let client: QueryClient;

function newClient(): QueryClient {
  const made = createQueryClient();
  registerShoppingListMutations(made);
  // What the kept query holds; no read of it goes out in these tests.
  made.setQueryDefaults(key, { staleTime: Number.POSITIVE_INFINITY });
  return made;
}

function hooks(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      check: useCheckItem(LIST_ID),
      add: useAddItem(LIST_ID),
      remove: useRemoveItem(LIST_ID),
      dropped: useDroppedChanges(LIST_ID),
    }),
    { wrapper },
  ).result;
}

/** The client's waiting changes as lib/offline.ts stores them (JSON in IndexedDB) and restores them. */
function reloaded(from: QueryClient): QueryClient {
  const kept = JSON.parse(
    JSON.stringify(
      dehydrate(from, {
        shouldDehydrateQuery: () => true,
        shouldDehydrateMutation: (m) => m.state.status === "pending",
      }),
    ),
  );
  for (const mutation of kept.mutations) mutation.state.isPaused = true;
  const next = newClient();
  hydrate(next, kept);
  return next;
}

beforeEach(() => {
  api.sent.length = 0;
  api.tokens.length = 0;
  api.answer = () => json(200, {});
  api.refreshes.length = 0;
  api.refresh = () =>
    json(401, {
      type: "about:blank",
      title: "Unauthorized",
      status: 401,
      detail: "Token is invalid or has expired.",
    });
  idb.clear();
  signInAs(1);
  clearDropped();
  clearUnsent();
  client = newClient();
  client.setQueryData(key, listWith([item(1, "Flour"), item(2, "Eggs")]));
});

afterEach(() => {
  stopKeepingOffline();
  onlineManager.setOnline(true);
  client.clear();
});

const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe("a tick", () => {
  it("sends `checked` and nothing else (a field-wise PUT: someone else's change of the amount stays)", async () => {
    api.answer = ({ path }) =>
      path.endsWith("/items/1")
        ? json(
            200,
            item(1, "Flour", { checked: true, version: 2, updated_by: { user_id: 1, username: "me" } }),
          )
        : json(200, {});
    const result = hooks(client);
    await act(() =>
      result.current.check.mutateAsync({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" }),
    );
    expect(api.sent[0]).toEqual({
      method: "PUT",
      path: `/api/v1/shopping-lists/${LIST_ID}/items/1`,
      body: { checked: true },
    });
    expect(checkBody({ listId: 1, itemId: 1, checked: false, name: "x" })).toEqual({ checked: false });
    // The answer is the item now: its version and who changed it.
    const flour = client.getQueryData(key)?.sections[0]?.items.find((i) => i.id === 1);
    expect(flour).toMatchObject({ checked: true, version: 2, updated_by: { username: "me" } });
  });

  it("of an item deleted elsewhere (404) ends there, takes the item off the screen and says so", async () => {
    api.answer = () => notFound("Shopping list item ID 1 was not found.");
    const result = hooks(client);
    await act(() =>
      result.current.check.mutateAsync({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" }),
    );
    expect(api.sent).toHaveLength(1); // not tried again
    expect(pendingChanges(client, LIST_ID)).toEqual([]);
    await settled();
    expect(itemsIn(client)).toEqual(["Eggs"]);
    expect(result.current.dropped.map((d) => d.text)).toEqual([
      "“Flour” was removed from this list elsewhere; your change to it was not sent.",
    ]);
  });

  it("a removal of an item deleted elsewhere ends quietly: gone is what it wanted", async () => {
    api.answer = () => notFound("Shopping list item ID 2 was not found.");
    const result = hooks(client);
    await act(() => result.current.remove.mutateAsync({ listId: LIST_ID, itemId: 2 }));
    await settled();
    expect(itemsIn(client)).toEqual(["Flour"]);
    expect(result.current.dropped).toEqual([]);
  });

  it("a 403 (the person left the household) is final too, but not dropped silently as gone", async () => {
    api.answer = () =>
      json(403, {
        type: "about:blank",
        title: "Forbidden",
        status: 403,
        detail: "Shopping list ID 9 belongs to another user.",
      });
    const result = hooks(client);
    await act(() =>
      result.current.check
        .mutateAsync({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" })
        .catch(() => undefined),
    );
    expect(api.sent).toHaveLength(1);
    await vi.waitFor(() =>
      expect(result.current.check.error?.message).toBe("Shopping list ID 9 belongs to another user."),
    );
    expect(result.current.dropped).toEqual([]);
  });
});

// ---- A tick carries when it was made (issue 43: stores learn their walking order from the times) ---

describe("a tick's time", () => {
  /** Ticks (or unticks) through the hook as the screen does, with the device's clock showing `at`. */
  const tickAt = (
    check: ReturnType<typeof hooks>["current"]["check"],
    at: number,
    what: Item,
    on: boolean,
  ) => {
    const clock = vi.spyOn(Date, "now").mockReturnValue(at);
    try {
      act(() => check.tick(what, on));
    } finally {
      clock.mockRestore();
    }
  };
  const answerAsPut = () => {
    api.answer = ({ method, path, body }) => {
      if (method === "GET") return json(200, listWith([item(1, "Flour"), item(2, "Eggs", eggsTicked)]));
      const id = Number(path.split("/").at(-1));
      const { checked, checked_at = null } = body as { checked: boolean; checked_at?: string };
      return json(200, item(id, id === 1 ? "Flour" : "Eggs", { checked, checked_at, version: 2 }));
    };
  };
  const eggsTicked = { checked: true, checked_at: "2030-01-01T00:01:00.000Z" };

  it("goes with the tick: the moment the person ticked, not when it was sent", async () => {
    answerAsPut();
    const result = hooks(client);
    const ticked = Date.now() - 1_000;
    tickAt(result.current.check, ticked, item(1, "Flour"), true);
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]).toEqual({
      method: "PUT",
      path: `/api/v1/shopping-lists/${LIST_ID}/items/1`,
      body: { checked: true, checked_at: new Date(ticked).toISOString() },
    });
  });

  it("never goes with an untick (the API refuses it there)", async () => {
    answerAsPut();
    client.setQueryData(key, listWith([item(1, "Flour"), item(2, "Eggs", eggsTicked)]));
    const result = hooks(client);
    tickAt(result.current.check, Date.now(), item(2, "Eggs", eggsTicked), false);
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.body).toEqual({ checked: false });
  });

  it("is kept with a tick made offline, across a reload, and sent with it when the connection is back", async () => {
    client.setQueryData(key, listWith([item(1, "Flour"), item(2, "Eggs", eggsTicked)]));
    onlineManager.setOnline(false);
    const result = hooks(client);
    // Ticked in the store's basement ten minutes ago, Eggs unticked a minute later.
    const ticked = Date.now() - 10 * 60_000;
    tickAt(result.current.check, ticked, item(1, "Flour"), true);
    tickAt(result.current.check, ticked + 60_000, item(2, "Eggs", eggsTicked), false);
    await settled();
    expect(api.sent).toEqual([]);

    const after = reloaded(client);
    client.getMutationCache().clear();
    answerAsPut();
    onlineManager.setOnline(true);
    await act(() => after.resumePausedMutations());
    await vi.waitFor(() => expect(api.sent.filter((s) => s.method === "PUT")).toHaveLength(2));
    expect(api.sent.filter((s) => s.method === "PUT").map((s) => s.body)).toEqual([
      { checked: true, checked_at: new Date(ticked).toISOString() },
      { checked: false },
    ]);
    expect(pendingChanges(after, LIST_ID)).toEqual([]);
    after.clear();
  });
});

// ---- A tick that waited meets another member's change (issue 36; lib/later-change.ts) ------------

describe("a tick that waited, and another member's change of the same item", () => {
  const minutesAgo = (n: number) => Date.now() - n * 60_000;
  /** Flour as the person saw it (unticked, version 1), ticked (or unticked) a minute ago, offline. */
  const waited = (checked: boolean) => ({
    listId: LIST_ID,
    itemId: 1,
    checked,
    name: "Flour",
    seen: { version: 1, checked: !checked, amount_grams: null, amount_readable: "" },
    madeAt: minutesAgo(1),
  });
  /** The API's list now: Flour changed by `extra`; PUTs answered with Flour as the PUT makes it. */
  const apiHas = (flour: Partial<Item>) => {
    api.answer = ({ method, body }) => {
      if (method === "GET") return json(200, listWith([item(1, "Flour", flour), item(2, "Eggs")]));
      const checked = (body as { checked: boolean }).checked;
      return json(
        200,
        item(1, "Flour", { ...flour, checked, version: 9, updated_by: { user_id: 1, username: "me" } }),
      );
    };
  };
  const sam = { user_id: 2, username: "sam" };

  it("ticked offline, then sam ticked and unticked it: sam's later decision stands, the tick is not sent, and the phone says so", async () => {
    apiHas({
      checked: false,
      version: 3,
      updated_by: sam,
      updated_at: new Date(minutesAgo(0.5)).toISOString(),
    });
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(true)));
    expect(api.sent.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /api/v1/shopping-lists/${LIST_ID}`]);
    expect(pendingChanges(client, LIST_ID)).toEqual([]);
    await settled();
    expect(itemsIn(client)).toEqual(["Eggs", "Flour"]);
    expect(client.getQueryData(key)?.sections[0]?.items.find((i) => i.id === 1)?.updated_by).toEqual(sam);
    expect(result.current.dropped.map((d) => d.text)).toEqual([
      "“Flour” was unticked by sam while you were offline; your tick was not sent.",
    ]);
  });

  it("unticked offline, then sam ticked it again later: the untick is not sent, and said", async () => {
    client.setQueryData(key, listWith([item(1, "Flour", { checked: true }), item(2, "Eggs")]));
    apiHas({
      checked: true,
      version: 3,
      updated_by: sam,
      updated_at: new Date(minutesAgo(0.5)).toISOString(),
    });
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(false)));
    expect(api.sent.map((r) => r.method)).toEqual(["GET"]);
    await settled();
    expect(result.current.dropped.map((d) => d.text)).toEqual([
      "“Flour” was ticked by sam while you were offline; your untick was not sent.",
    ]);
  });

  it("sam's change came before the person's: the person's, the later one, is sent, and nothing said", async () => {
    apiHas({
      checked: false,
      version: 3,
      updated_by: sam,
      updated_at: new Date(minutesAgo(5)).toISOString(),
    });
    const result = hooks(client);
    const change = waited(true);
    await act(() => result.current.check.mutateAsync(change));
    expect(api.sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    // With when it was made: the store learns its walk from the time of the tick, not of the send.
    expect(api.sent[1]?.body).toEqual({ checked: true, checked_at: new Date(change.madeAt).toISOString() });
    await settled();
    expect(itemsIn(client)).toContain("Flour✓");
    expect(result.current.dropped).toEqual([]);
  });

  it("sam changed the amount since (a field the tick does not name): the tick is sent, nothing said", async () => {
    apiHas({
      checked: false,
      version: 2,
      amount_readable: "2 cups",
      updated_by: sam,
      updated_at: new Date(minutesAgo(0.5)).toISOString(),
    });
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(true)));
    expect(api.sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    await settled();
    expect(result.current.dropped).toEqual([]);
  });

  it("sam ticked it too: no conflict, the tick is sent (it changes nothing) and nothing said", async () => {
    apiHas({
      checked: true,
      version: 2,
      updated_by: sam,
      updated_at: new Date(minutesAgo(0.5)).toISOString(),
    });
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(true)));
    expect(api.sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    await settled();
    expect(result.current.dropped).toEqual([]);
  });

  it("the person's own later change (another of their devices) is theirs to order: the tick is sent", async () => {
    apiHas({
      checked: false,
      version: 3,
      updated_by: { user_id: 1, username: "me" },
      updated_at: new Date(minutesAgo(0.5)).toISOString(),
    });
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(true)));
    expect(api.sent.map((r) => r.method)).toEqual(["GET", "PUT"]);
    await settled();
    expect(result.current.dropped).toEqual([]);
  });

  it("the item gone from the list read: not sent, and said as for a 404", async () => {
    api.answer = ({ method }) => (method === "GET" ? json(200, listWith([item(2, "Eggs")])) : json(200, {}));
    const result = hooks(client);
    await act(() => result.current.check.mutateAsync(waited(true)));
    expect(api.sent.map((r) => r.method)).toEqual(["GET"]);
    await settled();
    expect(itemsIn(client)).toEqual(["Eggs"]);
    expect(result.current.dropped.map((d) => d.text)).toEqual([
      "“Flour” was removed from this list elsewhere; your change to it was not sent.",
    ]);
  });

  it("a tick sent at once reads nothing first: the device's copy is live, the API's order is the people's", async () => {
    api.answer = () => json(200, item(1, "Flour", { checked: true, version: 2 }));
    const result = hooks(client);
    act(() => result.current.check.tick(item(1, "Flour"), true));
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    expect(api.sent[0]?.method).toBe("PUT");
    const [waiting] = client.getMutationCache().getAll();
    expect(waiting?.state.variables).toMatchObject({
      seen: { version: 1, checked: false, amount_grams: null, amount_readable: "" },
      madeAt: expect.any(Number),
    });
  });
});

describe("an addition", () => {
  it("carries a client_id, a UUID chosen once", async () => {
    api.answer = ({ body }) => json(201, item(20, (body as { name: string }).name, { version: 1 }));
    const result = hooks(client);
    act(() => result.current.add.add({ name: "kitchen roll" }));
    await settled();
    await vi.waitFor(() => expect(api.sent).toHaveLength(1));
    const body = api.sent[0]?.body as { name: string; client_id: string };
    expect(body.name).toBe("kitchen roll");
    expect(body.client_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    await vi.waitFor(() => expect(itemsIn(client)).toEqual(["Eggs", "Flour", "kitchen roll"]));
    expect(client.getQueryData(key)?.sections[0]?.items.some((i) => i.id < 0)).toBe(false);
  });

  it("has a UUID without crypto.randomUUID too (a page that is not a secure context)", () => {
    const randomUUID = crypto.randomUUID;
    Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 100 }, () => newClientId()));
      expect(ids.size).toBe(100);
      for (const id of ids)
        expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: randomUUID, configurable: true });
    }
  });
});

// ---- The read after a burst of changes (issue 37, item 7) ------------------------------------------

describe("the read of the list after a burst of ticks", () => {
  /** The hooks, with the list's screen open (an observer: a list invalidated is read at once). */
  function openList(queryClient: QueryClient) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => {
        useQuery(shoppingListQueries.detail(LIST_ID));
        return { check: useCheckItem(LIST_ID) };
      },
      { wrapper },
    ).result;
  }
  /** The API: a PUT answers the item ticked; a read, the list as it is now. */
  const answering = () => {
    api.answer = ({ method, path }) => {
      if (method === "GET") return json(200, listWith([item(1, "Flour"), item(2, "Eggs")]));
      const id = Number(path.split("/").at(-1));
      return json(200, item(id, id === 1 ? "Flour" : "Eggs", { checked: true, version: 2 }));
    };
  };
  const tick = (itemId: number, name: string) => ({ listId: LIST_ID, itemId, checked: true, name });
  const twoTicks = async () => {
    const result = openList(client);
    await act(() =>
      Promise.all([
        result.current.check.mutateAsync(tick(1, "Flour")),
        result.current.check.mutateAsync(tick(2, "Eggs")),
      ]),
    );
    await settled();
  };

  it("is not made while the live connection follows the list: its messages bring the changes", async () => {
    answering();
    hearLive(client, (listId) => listId === LIST_ID);
    await twoTicks();
    expect(api.sent.map((r) => r.method)).toEqual(["PUT", "PUT"]);
    expect(itemsIn(client)).toEqual(["Eggs✓", "Flour✓"]);
  });

  it("is made once, after the last, while the connection is down (offline, reconnecting) or follows another list", async () => {
    answering();
    hearLive(client, (listId) => listId !== LIST_ID);
    await twoTicks();
    await vi.waitFor(() => expect(api.sent.map((r) => r.method)).toEqual(["PUT", "PUT", "GET"]));
  });

  it("is made, live or not, when a tick failed: the screen still shows it, and no message undoes it", async () => {
    api.answer = ({ method }) =>
      method === "GET"
        ? json(200, listWith([item(1, "Flour"), item(2, "Eggs")]))
        : json(422, { type: "about:blank", title: "Unprocessable Content", status: 422, detail: "No." });
    hearLive(client, () => true);
    const result = openList(client);
    await act(() => result.current.check.mutateAsync(tick(1, "Flour")).catch(() => undefined));
    await vi.waitFor(() => expect(api.sent.map((r) => r.method)).toEqual(["PUT", "GET"]));
    await vi.waitFor(() => expect(itemsIn(client)).toEqual(["Flour", "Eggs"]));
  });
});

describe("the waiting changes across a reload", () => {
  it("wait offline, survive a reload, and go out in the order they were made, the addition with the same client_id", async () => {
    onlineManager.setOnline(false);
    const result = hooks(client);
    act(() => {
      result.current.check.mutate({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" });
      result.current.add.add({ name: "kitchen roll" });
      result.current.check.mutate({ listId: LIST_ID, itemId: 2, checked: true, name: "Eggs" });
    });
    await settled();
    expect(api.sent).toEqual([]);
    const waiting = pendingChanges(client, LIST_ID);
    expect(waiting.map((w) => w.key)).toEqual(["check", "add", "check"]);
    const clientId = (waiting[1]?.change as AddItem | undefined)?.body.client_id;
    expect(clientId).toBeTruthy();
    // What the screen shows meanwhile: the three changes on top of the list as read.
    expect(
      withWaiting(listWith([item(1, "Flour"), item(2, "Eggs")]), waiting).sections[0]?.items.map(
        (i) => `${i.name}${i.checked ? "✓" : ""}`,
      ),
    ).toEqual(["kitchen roll", "Eggs✓", "Flour✓"]);

    // The app closes; it opens again, still offline, then the connection comes back.
    const after = reloaded(client);
    client.unmount();
    client.getMutationCache().clear();
    expect(pendingChanges(after, LIST_ID).map((w) => w.key)).toEqual(["check", "add", "check"]);
    expect(itemsIn(after)).toContain("kitchen roll");
    api.answer = ({ method, path, body }) => {
      if (method === "POST") return json(201, item(20, "kitchen roll"));
      const id = Number(path.split("/").at(-1));
      return json(
        200,
        item(id, id === 1 ? "Flour" : "Eggs", {
          checked: (body as { checked: boolean }).checked,
          version: 2,
        }),
      );
    };
    onlineManager.setOnline(true);
    await act(() => after.resumePausedMutations());
    await vi.waitFor(() => expect(api.sent).toHaveLength(3));
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PUT /api/v1/shopping-lists/${LIST_ID}/items/1`,
      `POST /api/v1/shopping-lists/${LIST_ID}/items`,
      `PUT /api/v1/shopping-lists/${LIST_ID}/items/2`,
    ]);
    expect(api.sent[1]?.body).toEqual({ name: "kitchen roll", client_id: clientId });
    expect(pendingChanges(after, LIST_ID)).toEqual([]);
    after.clear();
  });

  it("an addition whose answer was lost is sent again with the same client_id; the API's answer (the item it made) replaces the provisional line, no twin", async () => {
    let posts = 0;
    api.answer = ({ method }) => {
      if (method !== "POST") return json(200, {});
      posts += 1;
      // The first reaches the API, but its answer is lost on the way back.
      return posts === 1 ? null : json(200, item(20, "kitchen roll"));
    };
    const result = hooks(client);
    act(() => result.current.add.add({ name: "kitchen roll" }));
    await vi.waitFor(() => expect(posts).toBe(1));
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(false)); // no answer: offline, paused
    onlineManager.setOnline(true);
    await vi.waitFor(() => expect(posts).toBe(2));
    const [first, second] = api.sent.filter((s) => s.method === "POST");
    expect(second?.body).toEqual(first?.body);
    await vi.waitFor(() => expect(itemsIn(client)).toEqual(["Eggs", "Flour", "kitchen roll"]));
  });
});

// ---- Whose the waiting changes are (issue 36) ------------------------------------------------------

/** A token of the API's shape for `userId`, a new one at each call (the app never checks signatures). */
let issued = 0;
function logIn(userId: number): string {
  issued += 1;
  const part = (value: object) =>
    btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
  const exp = Math.floor(Date.now() / 1000) + 1800;
  const token = `${part({ alg: "HS256" })}.${part({ sub: String(userId), role: "user", exp, n: issued })}.signature`;
  act(() => auth.signIn({ access_token: token, expires_in: 1800, refresh_token: `refresh-${issued}` }));
  return `Bearer ${token}`;
}

/** The account the shell read for the header (the notice names its person). */
function knowAccount(queryClient: QueryClient, userId: number, username: string) {
  queryClient.setQueryData(accountQueries.me(userId).queryKey, { id: userId, username } as never);
}

function noticesHook(queryClient: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(
    () => ({
      check: useCheckItem(LIST_ID),
      add: useAddItem(LIST_ID),
      remove: useRemoveItem(LIST_ID),
      unsent: useUnsentChanges(),
    }),
    { wrapper },
  ).result;
}

/** Sam (user 1) on a list, offline: ticks Flour, adds kitchen roll, removes Eggs. */
async function samOfflineWithThreeChanges() {
  knowAccount(client, 1, "sam");
  await act(() => keepListsOffline(client));
  const result = noticesHook(client);
  onlineManager.setOnline(false);
  act(() => {
    result.current.check.mutate({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" });
    result.current.add.add({ name: "kitchen roll" });
    result.current.remove.mutate({ listId: LIST_ID, itemId: 2, name: "Eggs" });
  });
  await settled();
  expect(pendingChanges(client, LIST_ID)).toHaveLength(3);
  return result;
}

const answerAll = () => {
  api.answer = ({ method, path, body }) => {
    if (method === "POST") return json(201, item(20, "kitchen roll"));
    if (method === "DELETE") return new Response(null, { status: 204 });
    const id = Number(path.split("/").at(-1));
    return json(200, item(id, "Flour", { checked: (body as { checked: boolean }).checked, version: 2 }));
  };
};

/** Long enough for anything that was going to be sent to be sent (the retries of a 401 wait 0 ms). */
const aWhile = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe("the waiting changes and the session (issue 36)", () => {
  it("an expired session keeps them, nothing goes out without a token; the same person logs in again and they all go, with the new token", async () => {
    const result = await samOfflineWithThreeChanges();
    answerAll();
    // 30 minutes in the shop: the token runs out; then the connection comes back.
    act(() => auth.expire());
    onlineManager.setOnline(true);
    await aWhile();
    expect(api.sent).toEqual([]);
    // The log-in form forgets the expiry before it logs in (login.tsx): not a log-out.
    act(() => auth.acknowledgeExpiry());
    await aWhile();
    expect(pendingChanges(client, LIST_ID)).toHaveLength(3);

    const bearer = logIn(1);
    await vi.waitFor(() => expect(api.sent).toHaveLength(3));
    expect(api.sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      `PUT /api/v1/shopping-lists/${LIST_ID}/items/1`,
      `POST /api/v1/shopping-lists/${LIST_ID}/items`,
      `DELETE /api/v1/shopping-lists/${LIST_ID}/items/2`,
    ]);
    expect(api.tokens).toEqual([bearer, bearer, bearer]);
    await vi.waitFor(() => expect(pendingChanges(client, LIST_ID)).toEqual([]));
    expect(result.current.unsent).toEqual([]);
  });

  it("a change the API refuses with 401 renews the session and goes once more, with the new token: no log-in asked", async () => {
    knowAccount(client, 1, "sam");
    await act(() => keepListsOffline(client));
    const result = noticesHook(client);
    const first = `Bearer ${auth.state().session?.token}`;
    const renewed = fakeToken(1, "user", { n: "renewed" });
    api.refresh = () =>
      json(200, {
        access_token: renewed,
        token_type: "bearer",
        expires_in: 1800,
        refresh_token: "r2",
        refresh_expires_in: 5_184_000,
      });
    api.answer = ({ path }) =>
      path.endsWith("/items/1") && api.sent.length === 1
        ? json(401, {
            type: "about:blank",
            title: "Unauthorized",
            status: 401,
            detail: "Token is invalid or has expired.",
          })
        : json(200, item(1, "Flour", { checked: true, version: 2 }));
    act(() => result.current.check.mutate({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" }));
    await vi.waitFor(() => expect(pendingChanges(client, LIST_ID)).toEqual([]));
    expect(api.tokens).toEqual([first, `Bearer ${renewed}`]);
    expect(api.refreshes).toHaveLength(1);
    expect(auth.state()).toMatchObject({ expired: false, session: { token: renewed, refreshToken: "r2" } });
    expect(itemsIn(client)).toContain("Flour✓");
  });

  it("a change the API refuses with 401 when the session has ended (the refresh refused too) stays waiting, and goes out after the next log-in", async () => {
    knowAccount(client, 1, "sam");
    await act(() => keepListsOffline(client));
    const result = noticesHook(client);
    const first = `Bearer ${auth.state().session?.token}`;
    api.answer = ({ path }) =>
      path.endsWith("/items/1") && api.sent.length === 1
        ? json(401, { type: "about:blank", title: "Unauthorized", status: 401, detail: "Token expired." })
        : json(200, item(1, "Flour", { checked: true, version: 2 }));
    act(() => result.current.check.mutate({ listId: LIST_ID, itemId: 1, checked: true, name: "Flour" }));
    await vi.waitFor(() => expect(auth.state().expired).toBe(true));
    await aWhile();
    expect(api.tokens).toEqual([first]);
    expect(pendingChanges(client, LIST_ID)).toHaveLength(1);

    const bearer = logIn(1);
    await vi.waitFor(() => expect(api.tokens).toEqual([first, bearer]));
    await vi.waitFor(() => expect(pendingChanges(client, LIST_ID)).toEqual([]));
    expect(itemsIn(client)).toContain("Flour✓");
  });

  it("logging out drops them and says which were not sent; logging in again sends none of them", async () => {
    const result = await samOfflineWithThreeChanges();
    answerAll();
    act(() => auth.signOut());
    expect(pendingChanges(client, LIST_ID)).toEqual([]);
    expect(result.current.unsent.map((n) => n.text)).toEqual([
      "3 changes made offline by sam were not sent: ticked “Flour”, added “kitchen roll”, and removed “Eggs”.",
    ]);
    onlineManager.setOnline(true);
    logIn(1);
    await aWhile();
    expect(api.sent).toEqual([]);
  });

  it("a change already waiting for the log-in when the person logs out is not sent at their next log-in", async () => {
    const result = await samOfflineWithThreeChanges();
    answerAll();
    act(() => auth.expire());
    onlineManager.setOnline(true); // the first change is now waiting for a token (auth.nextToken)
    await aWhile();
    act(() => auth.signOut());
    logIn(1);
    await aWhile();
    expect(api.sent).toEqual([]);
    expect(result.current.unsent).toEqual([]); // the notice was Sam's to read at the log-out
  });

  it("another person logging in drops them and says so, whose and how many, not what (the lists are not theirs)", async () => {
    const result = await samOfflineWithThreeChanges();
    answerAll();
    act(() => auth.expire());
    onlineManager.setOnline(true);
    logIn(2);
    await aWhile();
    expect(api.sent).toEqual([]);
    expect(pendingChanges(client, LIST_ID)).toEqual([]);
    expect(client.getQueryData(key)).toBeUndefined(); // nor is Sam's list shown to them
    expect(result.current.unsent.map((n) => n.text)).toEqual([
      "3 changes made offline by sam were not sent: they were waiting for sam to log in again.",
    ]);
  });

  it("kept on the device by another person (the page closed while their session had run out): not restored nor sent, and said", async () => {
    await samOfflineWithThreeChanges();
    act(() => auth.expire());
    await aWhile(); // the device has written them down
    expect(JSON.parse(idb.get("recipes.query-cache") ?? "{}")).toMatchObject({ owner: 1, ownerName: "sam" });
    // The app closes; it opens again, and Alex (user 2) logs in.
    stopKeepingOffline();
    client.getMutationCache().clear();
    answerAll();
    logIn(2);
    onlineManager.setOnline(true);
    const next = newClient();
    const result = noticesHook(next);
    await act(() => keepListsOffline(next));
    await aWhile();
    expect(pendingChanges(next, LIST_ID)).toEqual([]);
    expect(api.sent).toEqual([]);
    expect(idb.has("recipes.query-cache")).toBe(false);
    expect(result.current.unsent.map((n) => n.text)).toEqual([
      "3 changes made offline by sam were not sent: they were waiting for sam to log in again.",
    ]);
    next.clear();
  });

  it("kept on the device by the same person: restored at their next log-in and sent with its token", async () => {
    await samOfflineWithThreeChanges();
    act(() => auth.expire());
    await aWhile();
    stopKeepingOffline();
    client.getMutationCache().clear();
    answerAll();
    const bearer = logIn(1);
    onlineManager.setOnline(true);
    const next = newClient();
    await act(() => keepListsOffline(next));
    await vi.waitFor(() => expect(api.sent).toHaveLength(3));
    expect(api.tokens).toEqual([bearer, bearer, bearer]);
    next.clear();
  });
});
