/**
 * The live API on the local server: `GET /api/v1/live` is upgraded to a WebSocket (the `ws`
 * package) and every event is handed to the live route's handler (functions/routes.ts LIVE_ROUTES)
 * as the API Gateway WebSocket event it would get on AWS: `$connect` before the upgrade completes
 * (a failure refuses it), a message to the route its `action` names (else `$default`), its answer
 * sent back as API Gateway sends a route response, and `$disconnect` when it closes. The sockets are
 * the fan-out's connections in this process (core/live/port.ts), and close with 4001 when their token
 * expires (a timer: a process that stays up can keep one, unlike a Lambda).
 *
 * Limits, so one client cannot hold the process: at most MAX_SOCKETS_PER_ADDRESS open sockets per
 * client address (an IPv6 client by its /64; 429 to the next handshake), and MESSAGES_PER_SECOND
 * messages per socket with a burst of MESSAGE_BURST (past that the socket is closed with 1008). The
 * sockets per user are counted on subscribe, on AWS as here (core/live/service.ts).
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import { WebSocket, WebSocketServer } from "ws";
import { clientNetwork } from "../../core/auth/throttle.ts";
import { AppError, Misdirected } from "../../core/errors.ts";
import type { LiveConnections } from "../../core/live/connections.ts";
import { LIVE_CLOSE } from "../../core/live/messages.ts";
import { liveConnections, useLiveConnections } from "../../core/live/port.ts";
import type { LiveEvent, LiveHandler } from "../../functions/live/endpoint.ts";
import { API_PREFIX, LIVE_PATH, LIVE_ROUTES, type LiveRouteName } from "../../functions/routes.ts";
import { type HostCheck, misdirected } from "./host-check.ts";
import { rawProblem } from "./raw-problem.ts";

/** API Gateway's largest WebSocket message (128 KB); a larger one closes the connection (1009). */
const MAX_MESSAGE_BYTES = 128 * 1024;

/** Close code when the server stops ("going away"). */
const GOING_AWAY = 1001;

/**
 * Bytes a socket may have waiting to be sent: a subscriber that far behind is not reading (a phone
 * gone to sleep mid-stream, a client that stopped) and is dropped, so a list's writes never wait on it.
 */
const MAX_QUEUED_BYTES = 1024 * 1024;

/** How often each socket is pinged; one that has not answered the last ping by the next is dropped. */
const HEARTBEAT_MS = 30_000;

/** Open sockets (and handshakes under way) from one client address. */
export const MAX_SOCKETS_PER_ADDRESS = 30;

/** Messages one socket may send per second, on average; MESSAGE_BURST at once. */
export const MESSAGES_PER_SECOND = 5;
export const MESSAGE_BURST = 20;

/** How long a stopping server waits for a socket to answer its close before cutting it. */
const CLOSE_GRACE_MS = 1000;

const handlers = new Map<LiveRouteName, Promise<LiveHandler>>();

function loadHandler(name: LiveRouteName): Promise<LiveHandler> {
  let loaded = handlers.get(name);
  if (!loaded) {
    const url = new URL(`../../functions/${name}.ts`, import.meta.url).href;
    loaded = import(/* @vite-ignore */ url).then((m: { handler: LiveHandler }) => m.handler);
    handlers.set(name, loaded);
  }
  return loaded;
}

/** The handler of a route key, as API Gateway picks it; `$default` for anything unrouted. */
function handlerOf(routeKey: string): Promise<LiveHandler> {
  const entries = Object.entries(LIVE_ROUTES) as [LiveRouteName, readonly string[]][];
  const name = entries.find(([, keys]) => keys.includes(routeKey))?.[0];
  if (!name) throw new Error(`No live route answers '${routeKey}'.`);
  return loadHandler(name);
}

/** API Gateway's route selection (`$request.body.action`): the action's route if there is one, else `$default`. */
function routeOfMessage(body: string): string {
  let action: unknown;
  try {
    action = (JSON.parse(body) as { action?: unknown } | null)?.action;
  } catch {
    return "$default";
  }
  const routed = Object.values(LIVE_ROUTES).some((keys) =>
    (keys as readonly string[]).includes(String(action)),
  );
  return typeof action === "string" && !action.startsWith("$") && routed ? action : "$default";
}

type Connection = {
  id: string;
  connectedAt: number;
  host: string;
  /** The client's network (clientNetwork), counted against MAX_SOCKETS_PER_ADDRESS. */
  network: string;
  /** Its `$disconnect` has run (or is running): it is not forgotten twice. */
  forgotten?: boolean;
};

/** The API Gateway WebSocket event of one thing that happened on a connection. */
function toLiveEvent(
  connection: Connection,
  eventType: "CONNECT" | "MESSAGE" | "DISCONNECT",
  routeKey: string,
  extra: { body?: string; headers?: Record<string, string | undefined> } = {},
): LiveEvent {
  const now = new Date();
  const requestId = randomUUID();
  return {
    requestContext: {
      routeKey,
      messageId: randomUUID(),
      eventType,
      extendedRequestId: requestId,
      requestTime: now.toUTCString(),
      messageDirection: "IN",
      stage: "local",
      connectedAt: connection.connectedAt,
      requestTimeEpoch: now.getTime(),
      requestId,
      domainName: connection.host,
      connectionId: connection.id,
      apiId: "local",
    },
    isBase64Encoded: false,
    ...extra,
  };
}

function refuseUpgrade(socket: Duplex, status: number, reason: string): void {
  socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** A token bucket: `take()` is false once a socket has sent more than its rate allows. */
function messageBudget(): { take: () => boolean } {
  let tokens = MESSAGE_BURST;
  let at = performance.now();
  return {
    take() {
      const now = performance.now();
      tokens = Math.min(MESSAGE_BURST, tokens + ((now - at) / 1000) * MESSAGES_PER_SECOND);
      at = now;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

/**
 * Whether the request is a WebSocket handshake `ws` will complete (RFC 6455 §4.2.1: GET, `Upgrade:
 * websocket`, a key of 16 bytes in base64, version 13 or 8): checked before `$connect` records a
 * connection, so a malformed one leaves no row behind.
 */
function isHandshake(request: IncomingMessage): boolean {
  const key = request.headers["sec-websocket-key"];
  return (
    request.method === "GET" &&
    request.headers.upgrade?.toLowerCase() === "websocket" &&
    typeof key === "string" &&
    /^[+/0-9A-Za-z]{22}==$/.test(key.trim()) &&
    ["8", "13"].includes(String(request.headers["sec-websocket-version"]))
  );
}

const pathOf = (url: string | undefined) => (url ?? "/").split("?")[0]?.replace(/\/+$/, "") ?? "";

/**
 * Serves the live API on `server`'s upgrades and installs its sockets as this process's live
 * connections. The sockets close (1001) when the server is closed: an upgraded connection is no
 * longer the HTTP server's to end. `hostAllowed` refuses other names (421, host-check.ts);
 * `clientOf` names the client a request comes from (TRUST_PROXY).
 */
export function attachLiveApi(
  server: Server,
  options: { hostAllowed?: HostCheck | undefined; clientOf: (request: IncomingMessage) => string },
): void {
  // Ids this process gives out; the fan-out reaches only those (another process has its own).
  const prefix = `local-${randomBytes(6).toString("base64url")}-`;
  let counter = 0;
  // The connections whose upgrade completed, with their sockets, by id.
  const open = new Map<string, Connection & { socket: WebSocket }>();
  const expiries = new Map<string, NodeJS.Timeout>();
  const answered = new WeakSet<WebSocket>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  // Sockets open or opening per client network.
  const perNetwork = new Map<string, number>();
  const count = (network: string, by: 1 | -1) => {
    const next = (perNetwork.get(network) ?? 0) + by;
    if (next > 0) perNetwork.set(network, next);
    else perNetwork.delete(network);
  };

  const connections: LiveConnections = {
    prefix,
    // Queued, never awaited: the fan-out runs before a write answers, and a subscriber that does not
    // read must not hold the write (nor every later write to the list) up.
    async post(connectionId, message) {
      const socket = open.get(connectionId)?.socket;
      if (socket?.readyState !== WebSocket.OPEN) return false;
      if (socket.bufferedAmount > MAX_QUEUED_BYTES) {
        socket.terminate();
        return false;
      }
      socket.send(message);
      return true;
    },
    async close(connectionId, code, reason) {
      open.get(connectionId)?.socket.close(code, reason);
    },
    closeAt(connectionId, at, code, reason) {
      clearTimeout(expiries.get(connectionId));
      const socket = open.get(connectionId)?.socket;
      if (!socket) return;
      const timer = setTimeout(() => socket.close(code, reason), Math.max(0, at.getTime() - Date.now()));
      timer.unref();
      expiries.set(connectionId, timer);
    },
  };
  useLiveConnections(connections);

  const onMessage = async (connection: Connection, socket: WebSocket, body: string) => {
    const routeKey = routeOfMessage(body);
    const handler = await handlerOf(routeKey);
    const result = await handler(toLiveEvent(connection, "MESSAGE", routeKey, { body }));
    if (result.body !== undefined && socket.readyState === WebSocket.OPEN) socket.send(result.body);
  };

  const onClose = async (connection: Connection) => {
    if (connection.forgotten) return;
    connection.forgotten = true;
    open.delete(connection.id);
    clearTimeout(expiries.get(connection.id));
    expiries.delete(connection.id);
    const handler = await handlerOf("$disconnect");
    await handler(toLiveEvent(connection, "DISCONNECT", "$disconnect"));
  };

  const onUpgrade = async (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (options.hostAllowed && !options.hostAllowed(request.headers.host))
      return void socket.end(rawProblem(Misdirected(misdirected(request.headers.host))).text);
    if (pathOf(request.url) !== `${API_PREFIX}${LIVE_PATH}`) return refuseUpgrade(socket, 404, "Not Found");
    if (!isHandshake(request)) return refuseUpgrade(socket, 400, "Bad Request");
    const network = clientNetwork(options.clientOf(request));
    if ((perNetwork.get(network) ?? 0) >= MAX_SOCKETS_PER_ADDRESS) {
      const detail = `Too many live connections from this address (at most ${MAX_SOCKETS_PER_ADDRESS}).`;
      return void socket.end(rawProblem(new AppError("too_many_requests", detail)).text);
    }
    count(network, 1);
    const connection: Connection = {
      id: `${prefix}${++counter}`,
      connectedAt: Date.now(),
      host: request.headers.host ?? "localhost",
      network,
    };
    // Counted until the socket closes, or now if it never opens.
    let opened = false;
    try {
      opened = await openSocket(request, socket, head, connection);
    } finally {
      if (!opened) count(network, -1);
    }
  };

  /** $connect, then the WebSocket; whether a socket opened (and will be uncounted when it closes). */
  const openSocket = async (
    request: IncomingMessage,
    socket: Duplex,
    head: Buffer,
    connection: Connection,
  ): Promise<boolean> => {
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(",") : v]),
    );
    const connect = await handlerOf("$connect");
    const accepted = await connect(toLiveEvent(connection, "CONNECT", "$connect", { headers }));
    if (accepted.statusCode !== 200) {
      refuseUpgrade(socket, accepted.statusCode, "Refused");
      return false;
    }
    // The client hung up, or the server began to stop, while $connect ran: no socket will ever close,
    // so forget the connection now.
    if (socket.destroyed || stopping) {
      if (!socket.destroyed) refuseUpgrade(socket, 503, "Service Unavailable");
      await onClose(connection);
      return false;
    }
    const upgraded = new Promise<boolean>((resolve) => {
      // ws destroys a socket it cannot upgrade without calling back; its close then ends the wait.
      socket.once("close", () => resolve(false));
      wss.handleUpgrade(request, socket, head, (ws) => {
        resolve(true);
        ws.once("close", () => count(connection.network, -1));
        serve(connection, ws);
      });
    });
    return upgraded;
  };

  /** A connection's socket open: followed, pinged, and its messages handed to their routes one by one. */
  const serve = (connection: Connection, ws: WebSocket) => {
    open.set(connection.id, Object.assign(connection, { socket: ws }));
    answered.add(ws);
    ws.on("pong", () => answered.add(ws));
    ws.on("error", () => ws.terminate());
    // One message at a time per connection: answers leave in the order their messages came.
    // (API Gateway runs a Lambda per message and promises no order; the web client matches
    // answers by their lists, not their order.)
    let previous = Promise.resolve();
    const budget = messageBudget();
    ws.on("message", (data, isBinary) => {
      if (!budget.take()) return ws.close(LIVE_CLOSE.policyViolation, "Too many messages.");
      const body = isBinary ? Buffer.from(data as Buffer).toString("utf8") : data.toString();
      previous = previous.then(() => onMessage(connection, ws, body).catch((error) => console.error(error)));
    });
    ws.on("close", () => void onClose(connection).catch((error) => console.error(error)));
  };

  let stopping = false;
  // Upgrades still running their $connect: a stopping server waits for them to forget what they made.
  const upgrading = new Set<Promise<void>>();
  server.on("upgrade", (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const upgrade = onUpgrade(request, socket, head)
      .catch((error) => {
        console.error(error);
        refuseUpgrade(socket, 500, "Internal Server Error");
      })
      .finally(() => upgrading.delete(upgrade));
    upgrading.add(upgrade);
  });

  // A peer gone without a word (a phone out of reach) answers no ping: it is dropped and forgotten.
  const heartbeat = setInterval(() => {
    for (const { socket } of open.values()) {
      if (!answered.delete(socket)) socket.terminate();
      else socket.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  // Stopping forgets this process's connections before the server (and then the pool) closes: no
  // other process would ever reach them, so their rows must not outlive it.
  const closeHttp = server.close.bind(server);
  server.close = (callback?: (error?: Error) => void) => {
    stopping = true;
    clearInterval(heartbeat);
    for (const { socket } of open.values()) {
      socket.close(GOING_AWAY, "Server stopping.");
      // A peer that does not answer the close is cut, so the server is not held up by it.
      setTimeout(() => socket.terminate(), CLOSE_GRACE_MS).unref();
    }
    const forgetting = [
      ...[...open.values()].map((connection) => onClose(connection).catch((error) => console.error(error))),
      ...upgrading,
    ];
    wss.close();
    if (liveConnections() === connections) useLiveConnections(undefined);
    const closed = new Promise<Error | undefined>((resolve) => closeHttp(resolve));
    void Promise.all([closed, Promise.allSettled(forgetting)]).then(([error]) => callback?.(error));
    return server;
  };
}
