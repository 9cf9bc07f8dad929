/**
 * DNS rebinding: a page on `evil.example` can make its name resolve to 127.0.0.1 and then call a
 * server on this machine from the browser as if it were its own origin (no CORS involved), and the
 * development accounts log in with known passwords. A server listening on loopback therefore answers
 * only to the names loopback goes by: `localhost` (and `*.localhost`, which browsers never ask DNS
 * for), `127.0.0.1` and the rest of 127.0.0.0/8, `[::1]`, and the names of ALLOWED_HOSTS. Any other
 * `Host` is 421 Misdirected Request. A server on another address (HOST=0.0.0.0, behind a proxy) is
 * reached by the names its operator gives it, and checks none.
 */
import { isIP } from "node:net";

export type HostCheck = (host: string | undefined) => boolean;

const isLoopbackAddress = (address: string) =>
  address === "::1" || address === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(address);

/** The name of a Host header without its port (`[::1]:7000` → `::1`, `Localhost:8000` → `localhost`). */
function hostName(host: string): string {
  const text = host.trim().toLowerCase();
  const bracketed = /^\[([^\]]*)\](?::\d*)?$/.exec(text);
  if (bracketed) return bracketed[1] ?? "";
  return text.replace(/:\d*$/, "").replace(/\.$/, "");
}

/**
 * The check for a server listening on `listenHost`: undefined (answer every name) unless that is a
 * loopback address. A request without a Host header (HTTP/1.0, no browser sends one) passes.
 */
export function hostCheck(listenHost: string, allowedHosts: readonly string[]): HostCheck | undefined {
  if (!isLoopbackAddress(listenHost)) return undefined;
  const allowed = new Set(allowedHosts.map((name) => name.toLowerCase()));
  return (host) => {
    if (host === undefined) return true;
    const name = hostName(host);
    return (
      name === "localhost" ||
      name.endsWith(".localhost") ||
      (isIP(name) !== 0 && isLoopbackAddress(name)) ||
      allowed.has(name)
    );
  };
}

/** The sentence of the 421 answer. */
export const misdirected = (host: string | undefined) =>
  `This server answers only to localhost; '${String(host).slice(0, 100)}' is not one of its names (ALLOWED_HOSTS adds one).`;
