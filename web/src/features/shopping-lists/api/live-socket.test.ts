import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Item } from "../lib/list.ts";
import {
  LINGER_MS,
  type ListChange,
  LiveSocket,
  liveUrl,
  RESUBSCRIBE_MS,
  reconnectDelay,
  refusedListId,
  type SocketLike,
  TOKEN_EXPIRED,
} from "./live-socket.ts";

/** A WebSocket as the live API would drive it: the test opens it, answers and closes it. */
class FakeSocket implements SocketLike {
  readyState = 0;
  readonly sent: { action: string; token: string; lists: number[] }[] = [];
  closedWith: number | undefined;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;

  constructor(readonly url: string) {}

  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
    this.readyState = 3;
  }
  // what the server does
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(message: unknown) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  /** Answers the last subscribe as the server does when it takes it. */
  subscribed() {
    this.receive({ type: "subscribed", lists: this.sent.at(-1)?.lists });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

let sockets: FakeSocket[];
let token: string | null;
let changes: ListChange[];
let following: number[][];
let refused: [number | null, number][];
let renewals: string[];
let live: LiveSocket;
let random: number;

const last = () => sockets.at(-1) as FakeSocket;

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  token = "token-1";
  changes = [];
  following = [];
  refused = [];
  renewals = [];
  random = 0;
  live = new LiveSocket({
    url: "ws://localhost:8000/api/v1/live",
    token: () => token,
    onChange: (change) => changes.push(change),
    onFollowing: (ids) => following.push(ids),
    onRefused: (id, status) => refused.push([id, status]),
    renew: (sent) => renewals.push(sent),
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => random,
  });
});

afterEach(() => {
  live.dispose();
  vi.useRealTimers();
});

describe("where the live API is", () => {
  const page = { protocol: "http:", host: "localhost:8000" };
  it("is the page's own origin as ws:, or wss: under https", () => {
    expect(liveUrl({}, page)).toBe("ws://localhost:8000/api/v1/live");
    expect(liveUrl({ VITE_LIVE_URL: "" }, { protocol: "https:", host: "recipes.example.org" })).toBe(
      "wss://recipes.example.org/api/v1/live",
    );
  });
  it("is VITE_LIVE_URL as given (AWS), else beside VITE_API_URL", () => {
    expect(liveUrl({ VITE_LIVE_URL: "wss://abc.execute-api.eu-west-1.amazonaws.com/prod" }, page)).toBe(
      "wss://abc.execute-api.eu-west-1.amazonaws.com/prod",
    );
    expect(liveUrl({ VITE_API_URL: "https://api.example.org" }, page)).toBe(
      "wss://api.example.org/api/v1/live",
    );
    expect(liveUrl({ VITE_API_URL: "http://localhost:7000" }, page)).toBe("ws://localhost:7000/api/v1/live");
  });
});

describe("the pause before reconnecting", () => {
  it("doubles from 1 s to at most 30 s, each drawn between half and all of it", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map((n) => reconnectDelay(n, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000,
    ]);
    expect([0, 1, 2, 5].map((n) => reconnectDelay(n, () => 0))).toEqual([500, 1_000, 2_000, 15_000]);
    for (let i = 0; i < 50; i++) {
      const delay = reconnectDelay(3);
      expect(delay).toBeGreaterThanOrEqual(4_000);
      expect(delay).toBeLessThanOrEqual(8_000);
    }
  });
});

describe("subscribing", () => {
  it("opens one socket for the lists open, subscribes with the token in the message, and reads them again once followed", () => {
    live.follow(5);
    live.follow(6);
    expect(sockets).toHaveLength(1);
    expect(last().url).toBe("ws://localhost:8000/api/v1/live"); // no token in the URL
    expect(live.status).toBe("connecting");
    last().open();
    expect(last().sent).toEqual([{ action: "subscribe", token: "token-1", lists: [5, 6] }]);
    last().subscribed();
    expect(live.status).toBe("live");
    expect(following).toEqual([[5, 6]]);
  });

  it("subscribes a list opened later on the same socket, and reads that one again", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    live.follow(7);
    expect(sockets).toHaveLength(1);
    expect(last().sent.at(-1)).toEqual({ action: "subscribe", token: "token-1", lists: [7] });
    last().subscribed();
    expect(following).toEqual([[5], [7]]);
  });

  it("waits for a session instead of connecting without one", () => {
    token = null;
    live.follow(5);
    expect(sockets).toHaveLength(0);
    expect(live.status).toBe("signed-out");
    token = "token-2";
    live.sessionChanged();
    expect(sockets).toHaveLength(1);
    last().open();
    expect(last().sent[0]?.token).toBe("token-2");
  });

  it("hands on every change of a list, and ignores what is not JSON", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    const item = { id: 1, name: "Flour", checked: true, version: 2 } as Item;
    last().receive({ type: "item", list_id: 5, item });
    last().receive({ type: "item_removed", list_id: 5, item_id: 2 });
    last().receive({ type: "list", list_id: 5, deleted: false });
    last().onmessage?.({ data: "not json" });
    expect(changes).toEqual([
      { type: "item", list_id: 5, item },
      { type: "item_removed", list_id: 5, item_id: 2 },
      { type: "list", list_id: 5, deleted: false },
    ]);
  });
});

describe("whether a change of a list comes back as a message (issue 37, item 7)", () => {
  it("only once the server has said it follows that list, and not after the connection went", () => {
    live.follow(5);
    expect(live.hears(5)).toBe(false); // connecting
    last().open();
    expect(live.hears(5)).toBe(false); // subscribed-to-be
    last().subscribed();
    expect(live.hears(5)).toBe(true);
    expect(live.hears(6)).toBe(false); // a list it does not follow
    live.follow(6);
    expect(live.hears(6)).toBe(false); // its subscribe on its way
    last().subscribed();
    expect(live.hears(6)).toBe(true);
    last().drop();
    expect(live.status).toBe("retrying");
    expect(live.hears(5)).toBe(false);
    expect(live.hears(6)).toBe(false);
  });
});

describe("reconnecting", () => {
  it("after a drop: with a growing pause, subscribing again and reading the lists again each time", async () => {
    live.follow(5);
    last().open();
    last().subscribed();
    last().drop();
    expect(live.status).toBe("retrying");
    await vi.advanceTimersByTimeAsync(499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2); // 1 s × (0.5 + 0 × 0.5)
    last().drop(); // never opened: the server is still away
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3); // 2 s × 0.5
    last().drop();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets).toHaveLength(4); // 4 s × 0.5
    last().open();
    expect(last().sent).toEqual([{ action: "subscribe", token: "token-1", lists: [5] }]);
    last().subscribed();
    expect(following).toEqual([[5], [5]]); // read again after the reconnect
    expect(live.status).toBe("live");

    // Answered: the pause starts over.
    last().drop();
    await vi.advanceTimersByTimeAsync(500);
    expect(sockets).toHaveLength(5);
  });

  it("at once when woken (online again, the page visible)", async () => {
    live.follow(5);
    last().open();
    last().subscribed();
    last().drop();
    for (let i = 0; i < 4; i++) {
      await vi.advanceTimersByTimeAsync(30_000);
      last().drop();
    }
    const before = sockets.length;
    live.wake();
    expect(sockets).toHaveLength(before + 1);
    live.wake(); // already connecting: nothing more
    expect(sockets).toHaveLength(before + 1);
  });

  it("gives up on nothing: after hours of drops it still tries every 30 s at most", async () => {
    random = 1;
    live.follow(5);
    for (let i = 0; i < 20; i++) {
      last().drop();
      await vi.advanceTimersByTimeAsync(30_000);
    }
    expect(sockets).toHaveLength(21);
  });
});

describe("the token", () => {
  it("a new session's token is subscribed on the open socket at once, and the lists read again (a new password forgets the old token's)", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    token = "token-2";
    live.sessionChanged();
    expect(sockets).toHaveLength(1);
    expect(last().sent.at(-1)).toEqual({ action: "subscribe", token: "token-2", lists: [5] });
    last().subscribed();
    expect(following).toEqual([[5], [5]]);
    live.sessionChanged(); // the same token: nothing to send
    expect(last().sent).toHaveLength(2);
  });

  it("subscribes again every 5 minutes with the current token (API Gateway's idle timeout)", async () => {
    live.follow(5);
    last().open();
    last().subscribed();
    await vi.advanceTimersByTimeAsync(RESUBSCRIBE_MS);
    expect(last().sent).toHaveLength(2);
    last().subscribed();
    await vi.advanceTimersByTimeAsync(RESUBSCRIBE_MS);
    expect(last().sent).toHaveLength(3);
    expect(following).toEqual([[5]]);
  });

  it("closed with 4001 (expired): asks for the session to be renewed, and waits for the new token rather than knocking with the old one", async () => {
    live.follow(5);
    last().open();
    last().subscribed();
    last().drop(TOKEN_EXPIRED);
    expect(live.status).toBe("signed-out");
    expect(renewals).toEqual([token]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
    token = "token-2";
    live.sessionChanged();
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent[0]?.token).toBe("token-2");
  });

  it("closed with 4001 while a newer token is here already (a log-in in another tab): reconnects at once", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    token = "token-2";
    last().drop(TOKEN_EXPIRED);
    expect(sockets).toHaveLength(2);
  });

  it("another person's session is a new connection, not a resubscribe of the last one's", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    const first = last();
    token = "someone-else";
    live.restart();
    expect(first.closedWith).toBe(1000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ action: "subscribe", token: "someone-else", lists: [5] }]);
  });

  it("signing out closes the socket and nothing reconnects", async () => {
    live.follow(5);
    last().open();
    last().subscribed();
    const socket = last();
    token = null;
    live.sessionChanged();
    expect(socket.closedWith).toBe(1000);
    expect(live.status).toBe("signed-out");
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sockets).toHaveLength(1);
  });

  it("a token the server refuses (401) stops it until a new session, and has the lists read (the session's end shows)", () => {
    live.follow(5);
    last().open();
    last().receive({ type: "error", status: 401, detail: "Token is invalid or has expired." });
    expect(refused).toEqual([[null, 401]]);
    expect(live.status).toBe("signed-out");
    expect(last().closedWith).toBe(1000);
  });
});

describe("a refused list", () => {
  it("is dropped and the others are subscribed again (a refused subscribe follows none of them)", () => {
    live.follow(5);
    live.follow(6);
    last().open();
    last().receive({ type: "error", status: 403, detail: "Shopping list ID 6 belongs to another user." });
    expect(refused).toEqual([[6, 403]]);
    expect(last().sent.at(-1)).toEqual({ action: "subscribe", token: "token-1", lists: [5] });
    last().subscribed();
    expect(following).toEqual([[5]]);
    expect(refusedListId("Shopping list ID 12 was not found.")).toBe(12);
    expect(refusedListId("Token is invalid.")).toBeNull();
  });

  it("is asked for again when it is opened anew (a member who joined again)", () => {
    const close = live.follow(6);
    last().open();
    last().receive({ type: "error", status: 404, detail: "Shopping list ID 6 was not found." });
    expect(live.status).toBe("off");
    close();
    live.follow(6);
    expect(last().sent.at(-1)).toEqual({ action: "subscribe", token: "token-1", lists: [6] });
  });
});

describe("answers the server could not give", () => {
  it("a 5xx answer or API Gateway's own error starts over on a new connection after a pause", async () => {
    live.follow(5);
    last().open();
    last().receive({ type: "error", status: 503, detail: "Service is unavailable." });
    expect(refused).toEqual([]);
    expect(live.status).toBe("retrying");
    expect(sockets[0]?.closedWith).toBe(1000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sockets).toHaveLength(2);
    last().open();
    expect(last().sent.at(-1)).toEqual({ action: "subscribe", token: "token-1", lists: [5] });
    last().receive({ message: "Internal server error", connectionId: "x", requestId: "y" });
    expect(live.status).toBe("retrying");
    await vi.advanceTimersByTimeAsync(2_000);
    expect(sockets).toHaveLength(3);
  });

  it("answers that come out of order are matched by their lists", () => {
    live.follow(5);
    last().open();
    last().subscribed();
    live.follow(6);
    live.follow(7);
    expect(
      last()
        .sent.slice(1)
        .map((m) => m.lists),
    ).toEqual([[6], [7]]);
    // The answer for 7 first: a refusal of 7 leaves 6 waiting for its own answer.
    last().receive({ type: "error", status: 403, detail: "Shopping list ID 7 belongs to another user." });
    expect(refused).toEqual([[7, 403]]);
    last().receive({ type: "subscribed", lists: [6] });
    expect(following.at(-1)).toEqual([6]);
    expect(live.status).toBe("live");
  });
});

describe("closing", () => {
  it("keeps the socket a while after the last list closed, then closes it; reopening within that time needs none", async () => {
    const close5 = live.follow(5);
    last().open();
    last().subscribed();
    close5();
    close5(); // twice is once
    await vi.advanceTimersByTimeAsync(LINGER_MS - 1);
    const reopen = live.follow(5);
    expect(sockets).toHaveLength(1);
    expect(last().sent).toHaveLength(1); // still followed on this socket
    reopen();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(last().closedWith).toBe(1000);
    expect(live.status).toBe("off");
  });

  it("a list open on two screens is followed until both closed", async () => {
    const a = live.follow(5);
    const b = live.follow(5);
    last().open();
    expect(last().sent).toEqual([{ action: "subscribe", token: "token-1", lists: [5] }]);
    a();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(last().closedWith).toBeUndefined();
    b();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    expect(last().closedWith).toBe(1000);
  });
});
