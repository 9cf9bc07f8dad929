/** A Node HTTP server that answers every request through the route table's Lambda handlers. */
import { createServer, type IncomingMessage, maxHeaderSize, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { ConfigError, config } from "../../core/config.ts";
import { BadRequest, HeadersTooLarge, isAppError, Misdirected, PayloadTooLarge } from "../../core/errors.ts";
import { errorOfLog, logger } from "../../core/log.ts";
import {
  clientAddress,
  isForwarded,
  parseTrustProxy,
  type TrustProxy,
} from "../../core/net/client-address.ts";
import { readPagesWith } from "../../core/page-import/read-page.ts";
import { workerReader } from "../../core/page-import/read-pool.ts";
import { workerHasher } from "../../core/user/hash-pool.ts";
import { hashPasswordsWith } from "../../core/user/password.ts";
import { dispatch, type LocalResponse } from "../../functions/lib/local.ts";
import { problemResponse } from "../../functions/lib/problem.ts";
import { hostCheck, misdirected } from "./host-check.ts";
import { attachLiveApi } from "./live-server.ts";
import { rawProblem } from "./raw-problem.ts";

/** Above every route's own limit (5 MB pictures): the handlers answer 413 below it, this guards memory. */
const MAX_READ_BYTES = 8 * 1024 * 1024;

class TooLarge extends Error {}

const NO_BODY = Buffer.alloc(0);

function readBody(req: IncomingMessage): Promise<Buffer> {
  // HTTP/1.1 frames a body by one of these two headers: without them there is none to wait for.
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] === undefined) {
    return Promise.resolve(NO_BODY);
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    if (Number(req.headers["content-length"] ?? 0) > MAX_READ_BYTES) {
      reject(new TooLarge());
      return;
    }
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_READ_BYTES) {
        // Keep draining (so the client sees the answer, not a reset) but stop keeping bytes.
        chunks.length = 0;
        reject(new TooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

const toLocal = (statusCode: number, headers: Record<string, string>, body: string): LocalResponse => ({
  status: statusCode,
  headers,
  body: Buffer.from(body),
});

/** TRUST_PROXY read (core/net/client-address.ts); a ConfigError saying what is wrong with it. */
function readTrustProxy(value: string | undefined): TrustProxy | undefined {
  if (value === undefined) return undefined;
  try {
    return parseTrustProxy(value);
  } catch (error) {
    throw new ConfigError(`Configuration error: TRUST_PROXY is invalid: ${(error as Error).message}`);
  }
}

/**
 * The client's address of each request (core/net/client-address.ts, TRUST_PROXY). A request
 * forwarded by a proxy on this machine while TRUST_PROXY is unset gets one warning per server: every
 * client then counts as the proxy for the login and sign-up limits.
 */
function clientAddresses(): (req: IncomingMessage) => string {
  const trust = readTrustProxy(config.trustProxy);
  let warned = false;
  return (req) => {
    const socketAddress = req.socket.remoteAddress ?? "unknown";
    const fromLoopback = /^(::1|(::ffff:)?127\.)/.test(socketAddress);
    if (!trust && !warned && fromLoopback && isForwarded(req.headers)) {
      warned = true;
      console.warn(
        `Requests arrive through a proxy on this machine (X-Forwarded-For from ${socketAddress}) but TRUST_PROXY ` +
          "is not set: every client counts as the proxy for the login and sign-up limits. Set TRUST_PROXY=1 " +
          "(README: Security).",
      );
    }
    return clientAddress(socketAddress, req.headers, trust);
  };
}

/**
 * The API on a Node HTTP server; a ConfigError when TRUST_PROXY cannot be read. It serves many
 * requests at once, so bcrypt (core/user/hash-pool.ts) and the reading of imported pages and typed
 * ingredient lines (core/page-import/read-pool.ts) run in worker threads instead of holding up every
 * other request. `GET /api/v1/live` is the live
 * API, a WebSocket served by the same handlers as on AWS (live-server.ts).
 */
export function createApiServer(): Server {
  const hasher = workerHasher(config.bcryptCost);
  if (hasher) hashPasswordsWith(hasher);
  readPagesWith(workerReader());
  const hostAllowed = hostCheck(config.host, config.allowedHosts);
  const clientOf = clientAddresses();
  const server = createServer(async (req, res) => {
    let response: LocalResponse;
    try {
      if (hostAllowed && !hostAllowed(req.headers.host)) {
        req.resume();
        throw Misdirected(misdirected(req.headers.host));
      }
      const body = await readBody(req);
      response = await dispatch({
        method: req.method ?? "GET",
        url: req.url ?? "/",
        headers: req.headers,
        body,
        sourceIp: clientOf(req),
      });
    } catch (error) {
      // Before any handler ran (a host it does not answer to, a body too large, or the dispatch itself
      // failing): the log line a handler would have written, in the same shape.
      const problem = problemResponse(error instanceof TooLarge ? PayloadTooLarge(MAX_READ_BYTES) : error);
      const failed =
        error instanceof Error && !(error instanceof TooLarge) && !isAppError(error) ? error : undefined;
      logger.request({
        level: failed ? "error" : "info",
        request_id: "",
        method: req.method ?? "",
        route: "",
        status: problem.statusCode,
        duration_ms: 0,
        ...errorOfLog(failed),
      });
      response = toLocal(problem.statusCode, problem.headers, problem.body);
    }
    if (res.destroyed) return;
    res.writeHead(response.status, response.headers);
    res.end(response.body);
  });
  server.on("clientError", answerUnreadable);
  attachLiveApi(server, { hostAllowed, clientOf });
  return server;
}

/**
 * A request Node's parser refuses before any handler runs (headers past its 16 KB, bytes that are not
 * HTTP) gets the contract's problem+json and a log line, instead of Node's answer without a body.
 */
function answerUnreadable(error: NodeJS.ErrnoException, socket: Duplex): void {
  // As Node's own handler: nothing is written into an answer already under way (a pipelined request).
  const answering = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || error.code === "ECONNRESET" || answering?.headersSent) {
    socket.destroy();
    return;
  }
  if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    socket.end("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    return;
  }
  const answer = rawProblem(
    error.code === "HPE_HEADER_OVERFLOW"
      ? HeadersTooLarge(maxHeaderSize)
      : BadRequest("The request is not valid HTTP/1.1."),
  );
  socket.end(answer.text);
  logger.request({
    level: "info",
    request_id: "",
    method: "",
    route: "",
    status: answer.status,
    duration_ms: 0,
  });
}
