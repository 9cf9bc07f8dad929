/**
 * The archive writer on its own, read back with yauzl (what the service's reader uses): deflated
 * data and stored pictures, the manifest last with every hash, the exact size the sink received,
 * every failure (a source, the sink, an abort) rejecting the call that waits and every later one
 * without hanging. (The zip format itself, ZIP64 and 65,537 files included, is zip.test.ts's.)
 */
import { createHash, randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { deflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { MANIFEST_PATH } from "../../core/archive/format.ts";
import { ArchiveWriter } from "../../core/archive/writer.ts";

/** A sink that keeps what it receives; `failAfter` bytes, or at its end, it refuses with `error`. */
class Sink extends Writable {
  readonly chunks: Buffer[] = [];
  received = 0;
  constructor(private readonly options: { failAfter?: number; failAtEnd?: boolean; error?: Error } = {}) {
    super();
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.chunks.push(chunk);
    this.received += chunk.length;
    const { failAfter, error } = this.options;
    callback(failAfter !== undefined && this.received > failAfter ? error : null);
  }
  override _final(callback: (error?: Error | null) => void) {
    callback(this.options.failAtEnd ? this.options.error : null);
  }
  get bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

type Read = { name: string; method: number; offset: number; compressed: number; mtime: Date; data: Buffer };

/** Every entry of a zip in its directory's order, with its bytes; and the zip's entry count. */
async function readZip(bytes: Buffer): Promise<{ entries: Read[]; entryCount: number }> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, autoClose: false });
  const entries: Read[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      entries.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        offset: entry.relativeOffsetOfLocalHeader,
        compressed: entry.compressedSize,
        mtime: entry.getLastModDate({ forceDosFormat: false }),
        data: Buffer.concat(chunks),
      });
    }
    return { entries, entryCount: zip.entryCount };
  } finally {
    zip.close();
  }
}

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const chunked = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size));

describe("ArchiveWriter", () => {
  it("deflates data at level 6, stores pictures, and writes the manifest last with every hash", async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ id: i, title: `Soup ${i % 37}` }));
    const json = Buffer.from(`[\n${rows.join(",\n")}\n]\n`);
    const picture = randomBytes(200_000);
    async function* lines() {
      yield "[\n";
      for (let i = 0; i < rows.length; i += 500)
        yield rows.slice(i, i + 500).join(",\n") + (i + 500 < rows.length ? ",\n" : "");
      yield "\n]\n";
    }
    const sink = new Sink();
    const writer = new ArchiveWriter(sink);
    const before = Date.now();
    await writer.add("data/recipes.json", lines());
    await writer.add("images/recipes/1/a.jpg", Readable.from(chunked(picture, 16_384)), { stored: true });
    await writer.add("data/empty.json", ["[]\n"]);
    const { manifest, bytes } = await writer.finish("all", { recipes: 2000, pictures: 1 });

    expect(bytes).toBe(sink.received);
    const { entries, entryCount } = await readZip(sink.bytes);
    expect(entryCount).toBe(4);
    expect(entries.map((e) => [e.name, e.method])).toEqual([
      ["data/recipes.json", 8],
      ["images/recipes/1/a.jpg", 0],
      ["data/empty.json", 8],
      [MANIFEST_PATH, 8],
    ]);
    const [data, image, empty, last] = entries as [Read, Read, Read, Read];
    expect(data.data.equals(json)).toBe(true);
    expect(data.compressed).toBe(deflateRawSync(json, { level: 6 }).length);
    expect(image.data.equals(picture)).toBe(true);
    expect(image.compressed).toBe(picture.length);
    expect(empty.data.toString()).toBe("[]\n");
    // The manifest is the last file in the zip, and holds what finish() answered.
    expect(last.offset).toBeGreaterThan(empty.offset);
    expect(JSON.parse(last.data.toString())).toEqual(manifest);
    expect(manifest).toMatchObject({ scope: "all", counts: { recipes: 2000, pictures: 1 } });
    expect(manifest.files).toEqual({
      "data/recipes.json": sha256(json),
      "images/recipes/1/a.jpg": sha256(picture),
      "data/empty.json": sha256(Buffer.from("[]\n")),
    });
    // Dated now (in DOS time, which counts seconds in twos).
    for (const entry of entries) {
      expect(entry.mtime.getTime()).toBeGreaterThanOrEqual(Math.floor(before / 2000) * 2000);
      expect(entry.mtime.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("rejects the entry whose source fails, and every call after it", async () => {
    const sink = new Sink();
    const writer = new ArchiveWriter(sink);
    await writer.add("data/users.json", ["[]\n"]);
    async function* broken() {
      yield "[\n";
      throw new Error("The cursor was closed.");
    }
    await expect(writer.add("data/recipes.json", broken())).rejects.toThrow("The cursor was closed.");
    await expect(writer.add("data/stores.json", ["[]\n"])).rejects.toThrow("The cursor was closed.");
    await expect(writer.finish("all", {})).rejects.toThrow("The cursor was closed.");
  });

  it("rejects a picture whose stream breaks (a storage read cut off)", async () => {
    const writer = new ArchiveWriter(new Sink());
    let sent = 0;
    const body = new Readable({
      read() {
        if (sent++ < 3) this.push(randomBytes(1000));
        else this.destroy(new Error("socket hang up"));
      },
    });
    await expect(writer.add("images/a.jpg", body, { stored: true })).rejects.toThrow("socket hang up");
    await expect(writer.finish("all", {})).rejects.toThrow("socket hang up");
  });

  it("rejects the entry being written when the sink fails, and does not wait for it", async () => {
    const down = new Error("Storage is unavailable.");
    const sink = new Sink({ failAfter: 100_000, error: down });
    const writer = new ArchiveWriter(sink);
    const body = Readable.from(chunked(randomBytes(2_000_000), 16_384));
    await expect(writer.add("images/big.jpg", body, { stored: true })).rejects.toBe(down);
    // The source is let go, not left half read.
    expect(body.destroyed).toBe(true);
    await expect(writer.add("data/recipes.json", ["[]"])).rejects.toBe(down);
    await expect(writer.finish("mine", {})).rejects.toBe(down);
  });

  it("rejects finish() when the sink refuses the end of the archive", async () => {
    const refused = new Error("The upload was refused.");
    const writer = new ArchiveWriter(new Sink({ failAtEnd: true, error: refused }));
    await writer.add("data/recipes.json", ["[]"]);
    await expect(writer.finish("mine", {})).rejects.toBe(refused);
  });

  it("stops on abort(): the entry waiting rejects, its source is let go, the sink receives nothing more", async () => {
    const sink = new Sink();
    const writer = new ArchiveWriter(sink);
    await writer.add("data/users.json", ["[]\n"]);
    // A source that gives one chunk and then waits (a slow storage read).
    const body = new Readable({ read() {} });
    body.push(randomBytes(1000));
    const adding = writer.add("images/a.jpg", body, { stored: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const received = sink.received;
    writer.abort();
    await expect(adding).rejects.toThrow("The archive was aborted.");
    expect(body.destroyed).toBe(true);
    await expect(writer.finish("all", {})).rejects.toThrow("The archive was aborted.");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sink.received).toBe(received);
    expect(sink.writableFinished).toBe(false);
  });
});
