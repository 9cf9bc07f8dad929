/**
 * Who sent a request, behind the reverse proxies the operator trusts (`TRUST_PROXY`). The login,
 * sign-up and live-socket limits count per client address; behind Caddy or nginx every request comes
 * from the proxy's socket, so without this one stranger's guesses would lock everyone out.
 *
 * `TRUST_PROXY` is either a hop count (`1`: one proxy in front, the address it appended is the
 * client) or a comma-separated list of the proxies' addresses: single addresses, CIDR ranges
 * (`10.0.0.0/8`, `fd00::/8`) and the words `loopback` and `private`. The client is then read from
 * `X-Forwarded-For` (what Caddy and nginx's `$proxy_add_x_forwarded_for` send), or from RFC 7239's
 * `Forwarded` when a request has no `X-Forwarded-For`, right to left: each trusted hop names the one
 * before it, and the first address that is not a trusted proxy's is the client. Entries a client
 * wrote itself stand left of those the proxies appended, so they are never reached; an entry that is
 * not an address stops the walk at the last trusted hop. Unset, the socket's address is the client.
 *
 * On AWS none of this applies: API Gateway's `requestContext.http.sourceIp` is the address that
 * connected to API Gateway, whatever the request's headers say (functions/lib/endpoint.ts).
 *
 * Plain `node:net` only: core/config.ts checks the setting with it, and config is in every bundle.
 */
import { BlockList, isIP } from "node:net";

export type TrustProxy = { hops: number } | { proxies: BlockList; names: string };

/** Forwarded entries read at most: more hops than any real chain of proxies. */
const MAX_HOPS = 32;

/** The ranges the words of the setting stand for. */
const RANGES: Record<string, [string, number][]> = {
  loopback: [
    ["127.0.0.0", 8],
    ["::1", 128],
  ],
  private: [
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["169.254.0.0", 16],
    ["fc00::", 7],
    ["fe80::", 10],
  ],
};

const familyOf = (address: string) => (isIP(address) === 6 ? "ipv6" : "ipv4");

/** An IPv4 address written as IPv6 (`::ffff:10.0.0.1`, how a dual-stack socket names it) as IPv4. */
const unmapped = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/** The setting read, or an Error whose message says what is wrong with it. */
export function parseTrustProxy(value: string): TrustProxy {
  const text = value.trim();
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops < 1 || hops > MAX_HOPS) throw new Error(`A hop count must be between 1 and ${MAX_HOPS}.`);
    return { hops };
  }
  const proxies = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    const [address = "", prefix, extra] = entry.split("/");
    const ranges = RANGES[entry.toLowerCase()];
    if (ranges) {
      for (const [network, bits] of ranges) proxies.addSubnet(network, bits, familyOf(network));
      continue;
    }
    const family = isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    const valid =
      family !== 0 &&
      extra === undefined &&
      (prefix === undefined || /^\d{1,3}$/.test(prefix)) &&
      bits <= (family === 6 ? 128 : 32);
    if (!valid) {
      throw new Error(`'${entry}' is not a hop count, an address, a CIDR range, 'loopback' or 'private'.`);
    }
    proxies.addSubnet(address, bits, familyOf(address));
  }
  return { proxies, names: text };
}

/** One forwarded entry as a plain address (`"[2001:db8::1]:4711"` → `2001:db8::1`), or undefined. */
function addressOf(entry: string): string | undefined {
  let text = entry.trim().replace(/^"(.*)"$/, "$1");
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(":"));
  return isIP(text) ? unmapped(text) : undefined;
}

/** The `for=` values of a `Forwarded` header, in order (RFC 7239: `for=1.2.3.4;proto=https, for=…`). */
function forwardedFor(header: string): string[] {
  return header.split(",").map((element) => /(?:^|;)\s*for\s*=\s*("[^"]*"|[^;]*)/i.exec(element)?.[1] ?? "");
}

type Headers = Record<string, string | string[] | undefined>;

/** The forwarded chain, nearest hop last: X-Forwarded-For, else Forwarded; none without either. */
function forwardedChain(headers: Headers): string[] {
  const join = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);
  const xff = join(headers["x-forwarded-for"]);
  if (xff !== undefined) return xff.split(",");
  const forwarded = join(headers.forwarded);
  return forwarded === undefined ? [] : forwardedFor(forwarded);
}

/** Whether the request says it came through a proxy (an X-Forwarded-For or Forwarded header). */
export const isForwarded = (headers: Headers): boolean =>
  headers["x-forwarded-for"] !== undefined || headers.forwarded !== undefined;

/** The client's address: the socket's, or the one the trusted proxies in front of it name. */
export function clientAddress(
  socketAddress: string,
  headers: Headers,
  trust: TrustProxy | undefined,
): string {
  let client = unmapped(socketAddress);
  if (!trust) return client;
  const chain = forwardedChain(headers).slice(-MAX_HOPS).reverse();
  for (let hop = 0; hop < chain.length; hop++) {
    const isTrusted =
      "hops" in trust
        ? hop < trust.hops
        : isIP(client) !== 0 && trust.proxies.check(client, familyOf(client));
    if (!isTrusted) break;
    const previous = addressOf(chain[hop] ?? "");
    if (!previous) break;
    client = previous;
  }
  return client;
}
