/** TRUST_PROXY's setting and the client it names (core/net/client-address.ts). */
import { describe, expect, it } from "vitest";
import { clientAddress, parseTrustProxy } from "../../core/net/client-address.ts";

const xff = (value: string) => ({ "x-forwarded-for": value });

describe("clientAddress", () => {
  it("is the socket's address without TRUST_PROXY, whatever the headers say", () => {
    expect(clientAddress("127.0.0.1", xff("203.0.113.5"), undefined)).toBe("127.0.0.1");
    expect(clientAddress("::ffff:10.0.0.2", {}, undefined)).toBe("10.0.0.2");
  });

  it("with a hop count, takes that many steps from the right of X-Forwarded-For", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("127.0.0.1", xff("203.0.113.5"), one)).toBe("203.0.113.5");
    // What the client wrote itself stands left of what the proxy appended.
    expect(clientAddress("127.0.0.1", xff("6.6.6.6, 203.0.113.5"), one)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", xff("6.6.6.6, 203.0.113.5, 10.0.0.9"), parseTrustProxy("2"))).toBe(
      "203.0.113.5",
    );
    // Fewer hops than configured: the leftmost address there is.
    expect(clientAddress("127.0.0.1", xff("203.0.113.5"), parseTrustProxy("3"))).toBe("203.0.113.5");
    // No header: the socket.
    expect(clientAddress("127.0.0.1", {}, one)).toBe("127.0.0.1");
  });

  it("with addresses, walks right to left past the trusted proxies only", () => {
    const proxies = parseTrustProxy("loopback, 10.0.0.0/8");
    expect(clientAddress("127.0.0.1", xff("203.0.113.5, 10.1.2.3"), proxies)).toBe("203.0.113.5");
    expect(clientAddress("::1", xff("2001:db8::7"), proxies)).toBe("2001:db8::7");
    // A socket that is not a trusted proxy is the client, whatever it claims.
    expect(clientAddress("198.51.100.9", xff("203.0.113.5"), proxies)).toBe("198.51.100.9");
    // Every hop trusted: the leftmost.
    expect(clientAddress("127.0.0.1", xff("10.0.0.1, 10.0.0.2"), proxies)).toBe("10.0.0.1");
  });

  it("stops at an entry that is not an address (a client's junk cannot become its identity)", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("127.0.0.1", xff("not-an-address"), one)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", xff(""), one)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", xff("unknown"), one)).toBe("127.0.0.1");
  });

  it("reads ports and brackets, and RFC 7239's Forwarded when there is no X-Forwarded-For", () => {
    const one = parseTrustProxy("1");
    expect(clientAddress("127.0.0.1", xff("203.0.113.5:4711"), one)).toBe("203.0.113.5");
    expect(clientAddress("127.0.0.1", xff("[2001:db8::1]:4711"), one)).toBe("2001:db8::1");
    expect(
      clientAddress(
        "127.0.0.1",
        { forwarded: 'for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https' },
        one,
      ),
    ).toBe("2001:db8:cafe::17");
    expect(clientAddress("127.0.0.1", { forwarded: "proto=https;For=192.0.2.60;by=10.0.0.1" }, one)).toBe(
      "192.0.2.60",
    );
    // X-Forwarded-For, which the recommended proxies append to, wins over a Forwarded a client wrote.
    expect(clientAddress("127.0.0.1", { ...xff("203.0.113.5"), forwarded: "for=6.6.6.6" }, one)).toBe(
      "203.0.113.5",
    );
  });

  it("reads at most 32 hops of a header however long", () => {
    const address = (i: number) => `10.0.${(i >> 8) & 255}.${i & 255}`;
    const long = Array.from({ length: 100_000 }, (_, i) => address(i)).join(",");
    // Every hop trusted: the walk ends at the 32nd from the right, not at the header's far end.
    expect(clientAddress("127.0.0.1", xff(long), parseTrustProxy("loopback, 10.0.0.0/8"))).toBe(
      address(100_000 - 32),
    );
  });
});

describe("TRUST_PROXY", () => {
  it.each(["0", "33", "10.0.0.0/33", "example.com", "10.0.0.1/8/8", "1.2.3"])(
    "refuses '%s' with a clear message",
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(
        /^(A hop count must be between 1 and 32\.|'.*' is not a hop count, an address, a CIDR range, 'loopback' or 'private'\.)$/,
      );
    },
  );

  it("takes hop counts, addresses, ranges and the words loopback and private", () => {
    expect(parseTrustProxy("2")).toEqual({ hops: 2 });
    const list = parseTrustProxy("loopback,private, 203.0.113.7, 2001:db8::/32");
    expect("proxies" in list && list.proxies.check("203.0.113.7")).toBe(true);
    expect("proxies" in list && list.proxies.check("192.168.1.1")).toBe(true);
    expect("proxies" in list && list.proxies.check("2001:db8::5", "ipv6")).toBe(true);
    expect("proxies" in list && list.proxies.check("8.8.8.8")).toBe(false);
  });
});
