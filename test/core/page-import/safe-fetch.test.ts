/**
 * The safe fetcher against local HTTP servers on 127.0.0.1. Nothing here leaves the machine: the
 * private and link-local ranges are checked on the classifier alone, and every address a request
 * is refused for is refused before a connection is opened.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isAppError } from "../../../core/errors.ts";
import {
  type FetchRules,
  fetchSafely,
  isPublicAddress,
  MAX_FETCH_BYTES,
} from "../../../core/net/safe-fetch.ts";

const page = "<html><head><title>Soup</title></head><body>Soup</body></html>";

const routes: Record<string, RequestListener> = {
  "/page": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=ISO-8859-1" });
    res.end(page);
  },
  "/pdf": (_req, res) => {
    res.writeHead(200, { "content-type": "application/pdf" });
    res.end("%PDF-1.4");
  },
  "/untyped": (_req, res) => {
    res.writeHead(200);
    res.end(page);
  },
  "/missing": (_req, res) => {
    res.writeHead(404, { "content-type": "text/html" });
    res.end("not here");
  },
  "/gzip": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
    res.end(gzipSync(page));
  },
  // 6 MB of zeros that compress to a few kilobytes: the limit counts what comes out.
  "/bomb": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html", "content-encoding": "gzip" });
    res.end(gzipSync(Buffer.alloc(6 * 1024 * 1024)));
  },
  "/declared-large": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html", "content-length": String(MAX_FETCH_BYTES + 1) });
    res.write("<html>");
  },
  "/endless": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    const chunk = Buffer.alloc(64 * 1024, "a");
    const pump = () => {
      while (res.write(chunk)) {
        /* fill the socket until it pushes back */
      }
    };
    res.on("drain", pump);
    pump();
  },
  "/slow": (_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.write("<html>"); // and nothing more
  },
  "/to-loopback": (_req, res) => {
    res.writeHead(302, { location: `http://127.0.0.2:${port}/page` });
    res.end();
  },
  "/to-mapped-loopback": (_req, res) => {
    res.writeHead(301, { location: `http://[::ffff:127.0.0.1]:${port}/page` });
    res.end();
  },
  "/to-metadata": (_req, res) => {
    res.writeHead(307, { location: "http://169.254.169.254/latest/meta-data/" });
    res.end();
  },
  "/to-file": (_req, res) => {
    res.writeHead(302, { location: "file:///etc/passwd" });
    res.end();
  },
};

let server: Server;
let port = 0;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    // /hop/N redirects N times (relative Location) before landing on the page.
    const hop = /^\/hop\/(\d+)$/.exec(url.pathname);
    if (hop) {
      const left = Number(hop[1]);
      res.writeHead(302, { location: left > 1 ? `/hop/${left - 1}` : "/page" });
      res.end();
      return;
    }
    const route = routes[url.pathname];
    if (route) route(req, res);
    else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const html: FetchRules = { accept: ["text/html"], expected: "a web page" };
const on = { ...html, allowPrivateHosts: true };
const off = { ...html, allowPrivateHosts: false };
/** 127.0.0.1 plays a public site; every other address goes through the real rule. */
const localIsPublic = { ...off, isAllowedAddress: (a: string) => a === "127.0.0.1" || isPublicAddress(a) };

/** The 422 the fetcher throws: its detail, and the `url` field it names. */
async function refusal(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (!isAppError(error)) throw error;
    expect(error.kind).toBe("invalid");
    expect(error.details.errors).toEqual([{ path: "url", message: error.message }]);
    return error.message;
  }
  throw new Error("expected a refusal");
}

describe("isPublicAddress", () => {
  it.each([
    "127.0.0.1",
    "127.1.2.3",
    "10.0.0.1",
    "172.16.5.4",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "255.255.255.255",
    "224.0.0.1",
    "::1",
    "::",
    "fe80::1",
    "fc00::1",
    "fd12:3456::1",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "64:ff9b::7f00:1",
    "2002:7f00:1::1",
    "[::1]",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111", "::ffff:93.184.216.34"])(
    "allows %s",
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe("fetchSafely with private hosts allowed (the test switch on)", () => {
  it("answers the body, the media type and the charset", async () => {
    const fetched = await fetchSafely(`${base}/page`, on);
    expect(fetched).toEqual({
      url: `${base}/page`,
      mediaType: "text/html",
      charset: "iso-8859-1",
      body: Buffer.from(page),
    });
  });

  it("connects to a name through the checked look-up when its addresses are allowed", async () => {
    const fetched = await fetchSafely(`http://localhost:${port}/page`, on);
    expect(fetched.body.toString()).toBe(page);
  });

  it("follows 5 redirects and says where it landed", async () => {
    const fetched = await fetchSafely(`${base}/hop/5`, on);
    expect(fetched.url).toBe(`${base}/page`);
    expect(fetched.body.toString()).toBe(page);
  });

  it("refuses a 6th redirect", async () => {
    expect(await refusal(fetchSafely(`${base}/hop/6`, on))).toBe(
      `Could not fetch '${base}/hop/6': more than 5 redirects.`,
    );
  });

  it("decodes gzip and counts the decoded bytes against the limit", async () => {
    expect((await fetchSafely(`${base}/gzip`, on)).body.toString()).toBe(page);
    expect(await refusal(fetchSafely(`${base}/bomb`, on))).toBe(
      `Could not fetch '${base}/bomb': the answer is larger than ${MAX_FETCH_BYTES} bytes.`,
    );
  });

  it("cuts an endless body at 5 MB and refuses a declared length beyond it", async () => {
    expect(await refusal(fetchSafely(`${base}/endless`, on))).toBe(
      `Could not fetch '${base}/endless': the answer is larger than ${MAX_FETCH_BYTES} bytes.`,
    );
    expect(await refusal(fetchSafely(`${base}/declared-large`, on))).toBe(
      `Could not fetch '${base}/declared-large': the answer is larger than ${MAX_FETCH_BYTES} bytes.`,
    );
  });

  it("gives up on a body that never ends within the time limit", async () => {
    expect(await refusal(fetchSafely(`${base}/slow`, { ...on, timeoutMs: 300 }))).toBe(
      `Could not fetch '${base}/slow': no complete answer within 0.3 seconds.`,
    );
  });

  it("refuses content types the caller did not ask for", async () => {
    expect(await refusal(fetchSafely(`${base}/pdf`, on))).toBe(
      `Could not fetch '${base}/pdf': its content type 'application/pdf' is not a web page.`,
    );
    expect(await refusal(fetchSafely(`${base}/untyped`, on))).toBe(
      `Could not fetch '${base}/untyped': its content type missing is not a web page.`,
    );
  });

  it("reports a failing site and a closed port", async () => {
    expect(await refusal(fetchSafely(`${base}/missing`, on))).toBe(
      `Could not fetch '${base}/missing': the site answered with status 404.`,
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect(await refusal(fetchSafely(`http://127.0.0.1:${closedPort}/`, on))).toBe(
      `Could not fetch 'http://127.0.0.1:${closedPort}/': the connection was refused.`,
    );
  });

  it("refuses schemes other than http and https, given or redirected to", async () => {
    expect(await refusal(fetchSafely("file:///etc/passwd", on))).toBe(
      "Address 'file:///etc/passwd' is not allowed.",
    );
    expect(await refusal(fetchSafely("ftp://127.0.0.1/x", on))).toBe(
      "Address 'ftp://127.0.0.1/x' is not allowed.",
    );
    expect(await refusal(fetchSafely("not a url", on))).toBe("Address 'not a url' is not allowed.");
    expect(await refusal(fetchSafely(`${base}/to-file`, on))).toBe(
      "Address 'file:///etc/passwd' is not allowed.",
    );
  });
});

describe("fetchSafely with the address rule on (the test switch off)", () => {
  it.each([
    ["http://127.0.0.1:PORT/page", "http://127.0.0.1:PORT/page"],
    ["http://[::ffff:127.0.0.1]:PORT/page", "http://[::ffff:7f00:1]:PORT/page"],
    ["http://2130706433:PORT/page", "http://127.0.0.1:PORT/page"],
    ["http://0x7f.0.0.1:PORT/page", "http://127.0.0.1:PORT/page"],
    ["http://0177.0.0.1:PORT/page", "http://127.0.0.1:PORT/page"],
    ["http://127.1:PORT/page", "http://127.0.0.1:PORT/page"],
    ["http://[::1]:PORT/page", "http://[::1]:PORT/page"],
    ["http://[0:0:0:0:0:0:0:1]:PORT/page", "http://[::1]:PORT/page"],
    ["http://0.0.0.0:PORT/page", "http://0.0.0.0:PORT/page"],
  ])("refuses loopback written as %s", async (written, shown) => {
    const url = written.replace("PORT", String(port));
    expect(await refusal(fetchSafely(url, off))).toBe(
      `Address '${shown.replace("PORT", String(port))}' is not allowed.`,
    );
  });

  it("refuses a name that resolves to loopback, checked on the socket's own look-up", async () => {
    expect(await refusal(fetchSafely(`http://localhost:${port}/page`, off))).toBe(
      `Address 'http://localhost:${port}/page' is not allowed.`,
    );
  });

  it("refuses a redirect from an allowed site to loopback, mapped loopback or the metadata address", async () => {
    // Sanity: the stand-in public site itself is reachable under this rule.
    expect((await fetchSafely(`${base}/page`, localIsPublic)).body.toString()).toBe(page);
    expect(await refusal(fetchSafely(`${base}/to-loopback`, localIsPublic))).toBe(
      `Address 'http://127.0.0.2:${port}/page' is not allowed.`,
    );
    expect(await refusal(fetchSafely(`${base}/to-mapped-loopback`, localIsPublic))).toBe(
      `Address 'http://[::ffff:7f00:1]:${port}/page' is not allowed.`,
    );
    expect(await refusal(fetchSafely(`${base}/to-metadata`, localIsPublic))).toBe(
      "Address 'http://169.254.169.254/latest/meta-data/' is not allowed.",
    );
  });
});
