/**
 * One WebSocket to the live API (README, "Live updates"): it follows the lists open on this device,
 * hands on what arrives, and keeps itself going. Free of React and of the query cache (live-lists.ts
 * joins it to those), so its timing can be tested on its own.
 *
 * - **Subscribing.** `{"action": "subscribe", "token", "lists"}` on open, and again for a list opened
 *   later; the server answers each in order (`subscribed` or `error`), so the answers are matched to
 *   what was sent by a queue. Tokens never travel in the URL.
 * - **Reconnecting.** A connection that closes, or never opens, is tried again after a pause that
 *   doubles from 1 s up to 30 s, each one drawn between half and all of it ("equal jitter", so phones
 *   that lost the same server do not all come back in the same millisecond); at once when the app
 *   is back online or the page visible again. The pause starts over once a subscribe is answered.
 * - **Re-reading.** A list is re-read each time a connection (the first included) starts following
 *   it: what changed while nothing was listening arrives by no message. Messages are hints to update
 *   the cache, never the only truth.
 * - **The token.** The session is renewed before its access token runs out (lib/auth.ts), and a new
 *   token (a refresh, or a log-in in this tab or another) is subscribed with at once, before the old
 *   one runs out; the lists are read again (a new password makes the server forget what the old
 *   token followed). Should the server still close with 4001 (the token expired: a device that
 *   slept) or refuse the token (401), the connection asks for a renewal (`renew`) and waits for the
 *   new token; without a session it waits for a log-in instead of knocking. On AWS the close comes
 *   without that code, and the reconnect finds the session gone. Every 5 minutes it
 *   subscribes again with the current token, which also keeps API Gateway's 10-minute idle timeout
 *   away.
 * - **A refused list** (403 after leaving its household, 404 once deleted) is named by the server;
 *   it is dropped and the others are subscribed again (a refused message subscribes none of them).
 */
import type { LIVE_CLOSE, ListChangeMessage, LiveMessage as ServerMessage } from "../../../lib/api/live.ts";
import type { Item } from "../lib/list.ts";

/** What the server sends, as the server declares it (core/live/messages.ts), with the API's list item. */
export type LiveMessage = ServerMessage<Item>;

/** A change of a list: what the cache takes in. */
export type ListChange = ListChangeMessage<Item>;

/**
 * - `off`: nothing followed;
 * - `connecting`: opening, or subscribed-to-be;
 * - `live`: the lists are followed;
 * - `retrying`: the connection went, a new one is tried after a pause;
 * - `signed-out`: no valid session to subscribe with; a log-in starts it again.
 */
export type LiveStatus = "off" | "connecting" | "live" | "retrying" | "signed-out";

export const FIRST_RETRY_MS = 1_000;
export const LAST_RETRY_MS = 30_000;
export const RESUBSCRIBE_MS = 5 * 60_000;
/** How long the socket stays open after the last list closed: a list opened again soon needs none. */
export const LINGER_MS = 30_000;
/** The close code of a token that expired (CONTRACT.md, Live updates); typed by the server's own, so they cannot part. */
export const TOKEN_EXPIRED: (typeof LIVE_CLOSE)["tokenExpired"] = 4001;
const NORMAL_CLOSE = 1000;

/** Whether two subscriptions name the same lists (the server answers with the lists it was sent). */
const sameLists = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id) => b.includes(id));

/** The pause before reconnect number `attempt` (0 first): between half and all of 1 s × 2^attempt, at most 30 s. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/**
 * Where the live API is: `VITE_LIVE_URL` as given (on AWS, the WebSocket API's own address); else
 * the API's origin (`VITE_API_URL`) or the page's own, as ws: or wss:, at /api/v1/live.
 */
export function liveUrl(
  env: { VITE_LIVE_URL?: string; VITE_API_URL?: string },
  page: { protocol: string; host: string },
): string {
  if (env.VITE_LIVE_URL) return env.VITE_LIVE_URL;
  let base: { protocol: string; host: string } = page;
  if (env.VITE_API_URL) {
    try {
      base = new URL(env.VITE_API_URL);
    } catch {
      // not an absolute address: the API is on the page's origin
    }
  }
  const secure = base.protocol === "https:" || base.protocol === "wss:";
  return `${secure ? "wss:" : "ws:"}//${base.host}/api/v1/live`;
}

/** The id of the list a refusal names ("Shopping list ID 5 belongs to another user."), if any. */
export function refusedListId(detail: string): number | null {
  const match = /Shopping list ID (\d+)/.exec(detail);
  return match ? Number(match[1]) : null;
}

/** What of a WebSocket this uses (the browser's, or a test's). */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

const OPEN = 1;

export type LiveSocketOptions = {
  url: string;
  /** The session's token now, or null without a valid session. */
  token: () => string | null;
  /**
   * The server refused `sent` (closed with 4001, or a subscribe answered 401): renew the session if
   * it can be (lib/auth.ts); a new token then arrives through `sessionChanged`.
   */
  renew?: (sent: string) => void;
  /** A change of a list (any list this connection follows, open on the screen or not). */
  onChange: (change: ListChange) => void;
  /** Lists now followed after a time of not being followed: read them again. */
  onFollowing: (listIds: number[]) => void;
  /** A list the server refused (null: all that were asked, e.g. a token it does not take). */
  onRefused: (listId: number | null, status: number, detail: string) => void;
  onStatus?: (status: LiveStatus) => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
};

/** One subscribe on its way: the lists it names, and those of them to read again once it is answered. */
type Sent = { lists: number[]; reread: number[] };

export class LiveSocket {
  private readonly options: LiveSocketOptions;
  /** The lists followed, each with how many screens follow it. */
  private readonly followed = new Map<number, number>();
  /** Lists the server refused: not asked for again until they are opened anew. */
  private readonly refused = new Set<number>();
  private socket: SocketLike | undefined;
  /** Lists this connection's server has said it follows. */
  private readonly subscribed = new Set<number>();
  private readonly sent: Sent[] = [];
  private sentToken: string | null = null;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private resubscribeTimer: ReturnType<typeof setInterval> | undefined;
  private lingerTimer: ReturnType<typeof setTimeout> | undefined;
  private current: LiveStatus = "off";

  constructor(options: LiveSocketOptions) {
    this.options = options;
  }

  get status(): LiveStatus {
    return this.current;
  }

  /**
   * Whether a change of the list made now reaches this device as a message: the connection is open
   * and its server has said it follows the list. A subscribe on its way is not enough (its answer
   * has the list read again instead, onFollowing).
   */
  hears(listId: number): boolean {
    return this.isOpen() && this.subscribed.has(listId);
  }

  /** Follows a list until the returned function is called (once per screen showing it). */
  follow(listId: number): () => void {
    const count = this.followed.get(listId) ?? 0;
    this.followed.set(listId, count + 1);
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    if (count === 0) {
      this.refused.delete(listId);
      if (this.isOpen()) {
        if (!this.subscribed.has(listId)) this.subscribe([listId], [listId]);
      } else if (!this.socket) this.connectNow();
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const left = (this.followed.get(listId) ?? 1) - 1;
      if (left > 0) this.followed.set(listId, left);
      else this.followed.delete(listId);
      if (this.followed.size === 0) {
        this.lingerTimer = setTimeout(() => this.stop("off"), LINGER_MS);
      }
    };
  }

  /**
   * The session changed: subscribe again with its new token on the open connection (it keeps going
   * past the old token's expiry) and read the lists again (a new password makes the server forget
   * what the old token followed, so changes may have gone by meanwhile), connect if there was none,
   * close if there is no session now.
   */
  sessionChanged(): void {
    const token = this.options.token();
    if (!token) {
      if (this.socket || this.retryTimer !== undefined) this.stop("signed-out");
      else if (this.wanted().length > 0) this.setStatus("signed-out");
      return;
    }
    if (this.isOpen()) {
      if (token !== this.sentToken) this.subscribe(this.wanted(), this.wanted());
    } else if (!this.socket) this.connectNow();
  }

  /**
   * Another person signed in (a log-in in another tab can replace the session without a sign-out
   * here): a new connection, so nothing the last person followed stays on this one.
   */
  restart(): void {
    this.forgetSocket()?.close(NORMAL_CLOSE);
    this.refused.clear();
    this.attempt = 0;
    this.setStatus("off");
    this.connectNow();
  }

  /** The connection may be back (online again, the page visible): try now instead of after the pause. */
  wake(): void {
    if (this.retryTimer === undefined) return;
    this.connectNow();
  }

  /** Closes for good (tests, a client thrown away). */
  dispose(): void {
    this.followed.clear();
    this.stop("off");
  }

  // ---- inside ---------------------------------------------------------------------------------

  /** The lists to follow: those open, less those refused. */
  private wanted(): number[] {
    return [...this.followed.keys()].filter((id) => !this.refused.has(id));
  }

  private isOpen(): boolean {
    return this.socket?.readyState === OPEN;
  }

  private setStatus(status: LiveStatus) {
    if (status === this.current) return;
    this.current = status;
    this.options.onStatus?.(status);
  }

  private connectNow() {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.socket || this.wanted().length === 0) return;
    if (!this.options.token()) {
      this.setStatus("signed-out");
      return;
    }
    this.setStatus("connecting");
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as SocketLike))(this.options.url);
    } catch {
      this.retryLater();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      const lists = this.wanted();
      this.subscribe(lists, lists);
      this.resubscribeTimer = setInterval(() => this.subscribe(this.wanted(), []), RESUBSCRIBE_MS);
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event.code);
    };
    socket.onerror = () => undefined; // a close follows, with its code
  }

  private subscribe(lists: number[], reread: number[]) {
    if (!this.socket || lists.length === 0) return;
    const token = this.options.token();
    if (!token) {
      this.stop("signed-out");
      return;
    }
    this.socket.send(JSON.stringify({ action: "subscribe", token, lists }));
    this.sent.push({ lists, reread });
    this.sentToken = token;
  }

  private receive(data: unknown) {
    let message: LiveMessage | { type?: undefined; message?: unknown };
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return;
    }
    switch (message.type) {
      case undefined:
        // API Gateway's own answer when the handler failed (`{"message": "Internal server error"}`):
        // what was sent is lost, so start over on a new connection.
        if (typeof message.message === "string") this.startOver();
        return;
      case "subscribed": {
        const sent = this.takeSent((lists) => sameLists(lists, message.lists));
        for (const id of message.lists) this.subscribed.add(id);
        this.attempt = 0;
        this.setStatus("live");
        const reread = (sent?.reread ?? []).filter((id) => this.followed.has(id));
        if (reread.length > 0) this.options.onFollowing(reread);
        return;
      }
      case "error":
        this.refusedAnswer(message.status, message.detail);
        return;
      case "item":
      case "item_removed":
      case "list":
        this.options.onChange(message);
        return;
    }
  }

  /**
   * The subscribe an answer is for. Answers may come in another order than their messages went (on
   * AWS each message is a Lambda call of its own), so they are matched by their lists.
   */
  private takeSent(matches: (lists: number[]) => boolean): Sent | undefined {
    const at = this.sent.findIndex((sent) => matches(sent.lists));
    return at < 0 ? undefined : this.sent.splice(at, 1)[0];
  }

  /** The server could not answer (5xx, or API Gateway's own error): a new connection, after a pause. */
  private startOver() {
    this.forgetSocket()?.close(NORMAL_CLOSE);
    this.retryLater();
  }

  /** A subscribe was refused: none of its lists is followed by it. */
  private refusedAnswer(status: number, detail: string) {
    if (status >= 500) {
      this.startOver();
      return;
    }
    const listId = refusedListId(detail);
    const sent =
      listId === null ? this.takeSent(() => true) : this.takeSent((lists) => lists.includes(listId));
    if (status === 401) {
      // The token is not taken (revoked, or expired on the way). A newer one may be here already.
      const token = this.options.token();
      this.options.onRefused(null, status, detail);
      if (token && token !== this.sentToken && sent) this.subscribe(sent.lists, sent.reread);
      else {
        this.stop("signed-out");
        if (this.sentToken) this.options.renew?.(this.sentToken);
      }
      return;
    }
    if ((status === 403 || status === 404) && listId !== null && sent?.lists.includes(listId)) {
      this.refused.add(listId);
      this.options.onRefused(listId, status, detail);
      const rest = sent.lists.filter((id) => id !== listId && !this.refused.has(id));
      this.subscribe(
        rest,
        sent.reread.filter((id) => rest.includes(id)),
      );
      if (this.wanted().length === 0) this.setStatus("off");
      return;
    }
    // Not a refusal of a list: a message this client should never have sent. Do not ask again.
    for (const id of sent?.lists ?? []) this.refused.add(id);
    this.options.onRefused(null, status, detail);
  }

  private closed(code: number) {
    this.forgetSocket();
    if (this.wanted().length === 0) {
      this.setStatus("off");
      return;
    }
    if (code === TOKEN_EXPIRED) {
      // A newer session (a log-in in this tab or another) subscribes at once; else wait for one.
      const token = this.options.token();
      if (token && token !== this.sentToken) this.connectNow();
      else {
        this.setStatus("signed-out");
        if (this.sentToken) this.options.renew?.(this.sentToken);
      }
      return;
    }
    this.retryLater();
  }

  private retryLater() {
    this.forgetSocket();
    this.setStatus("retrying");
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.connectNow();
    }, delay);
  }

  private forgetSocket() {
    const socket = this.socket;
    this.socket = undefined;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    }
    this.subscribed.clear();
    this.sent.length = 0;
    clearInterval(this.resubscribeTimer);
    this.resubscribeTimer = undefined;
    return socket;
  }

  /** Closes the connection on purpose: no reconnect until something asks for one. */
  private stop(status: LiveStatus) {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    clearTimeout(this.lingerTimer);
    this.lingerTimer = undefined;
    this.forgetSocket()?.close(NORMAL_CLOSE);
    this.attempt = 0;
    this.setStatus(status);
  }
}
