/**
 * The zip writer on its own (core/archive/zip.ts), read back with yauzl: deflated and stored data,
 * UTF-8 names, unsafe names refused, ZIP64 for 65,537 entries and for sizes and offsets past 4 GiB,
 * the sink's backpressure. yauzl reads only the central directory and checks no CRC-32, so every
 * read here also checks each entry's CRC-32 against its data, and its local header and data
 * descriptor against the central directory. (Failures and abort are in archive-writer.test.ts.)
 */
import { randomBytes } from "node:crypto";
import { Readable, Writable } from "node:stream";
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { ZipWriter } from "../../core/archive/zip.ts";

/** A sink that keeps every chunk by reference (a 4 GiB entry of one repeated chunk costs nothing). */
class Collect extends Writable {
  private readonly chunks: Buffer[] = [];
  private readonly starts: number[] = [];
  length = 0;
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void) {
    this.starts.push(this.length);
    this.chunks.push(chunk);
    this.length += chunk.length;
    callback();
  }
  /** The bytes from `start` to `end`, in pieces. */
  *range(start: number, end: number): Generator<Buffer> {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] as number) <= start) low = mid;
      else high = mid - 1;
    }
    for (let i = low; i < this.chunks.length && (this.starts[i] as number) < end; i++) {
      const from = this.starts[i] as number;
      const chunk = this.chunks[i] as Buffer;
      yield chunk.subarray(Math.max(start - from, 0), Math.min(end - from, chunk.length));
    }
  }
  slice(start: number, end: number): Buffer {
    return Buffer.concat([...this.range(start, end)]);
  }
}

class CollectReader extends yauzl.RandomAccessReader {
  constructor(private readonly sink: Collect) {
    super();
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return Readable.from(this.sink.range(start, end), { objectMode: false });
  }
}

/** An entry, where its data starts, whether its data descriptor has 8-byte (ZIP64) sizes, its data. */
type Read = { entry: yauzl.Entry; start: number; zip64: boolean; data?: Buffer };

/**
 * Every entry in the directory's order with its data (unless `skip` says so), checked beyond what
 * yauzl checks: the CRC-32 of the data, and the local header (no extra field: sizes unknown when it
 * is written) and data descriptor (8-byte sizes exactly when a size passes 32 bits).
 */
async function readBack(sink: Collect, skip = (_entry: yauzl.Entry) => false) {
  const options = { lazyEntries: true, autoClose: false };
  // In one buffer unless it is too large for one (yauzl reads a buffer much faster).
  const whole = sink.length < 2 ** 30 ? sink.slice(0, sink.length) : undefined;
  const zip = whole
    ? await yauzl.fromBufferPromise(whole, options)
    : await yauzl.fromRandomAccessReaderPromise(new CollectReader(sink), sink.length, options);
  const bytes = (start: number, end: number) => whole?.subarray(start, end) ?? sink.slice(start, end);
  const entries: Read[] = [];
  const fail = (entry: yauzl.Entry, what: string) => {
    throw new Error(`${entry.fileName}: ${what}`);
  };
  try {
    for await (const entry of zip.eachEntry()) {
      const offset = entry.relativeOffsetOfLocalHeader;
      const local = bytes(offset, offset + 30);
      const [nameLength, extraLength] = [local.readUInt16LE(26), local.readUInt16LE(28)];
      const start = offset + 30 + nameLength + extraLength;
      const zip64 = entry.compressedSize >= 0xffffffff || entry.uncompressedSize >= 0xffffffff;
      if (extraLength !== 0) fail(entry, "local extra field");
      if (local.readUInt16LE(6) !== 0x0808) fail(entry, "flags");
      if (local.readUInt16LE(8) !== entry.compressionMethod) fail(entry, "method");
      if (local.readUInt16LE(4) !== 20) fail(entry, "version needed");
      if (!bytes(offset + 30, offset + 30 + nameLength).equals(entry.fileNameRaw)) fail(entry, "name");
      const at = start + entry.compressedSize;
      const descriptor = bytes(at, at + (zip64 ? 24 : 16));
      const sizes = zip64
        ? [Number(descriptor.readBigUInt64LE(8)), Number(descriptor.readBigUInt64LE(16))]
        : [descriptor.readUInt32LE(8), descriptor.readUInt32LE(12)];
      if (descriptor.readUInt32LE(0) !== 0x08074b50) fail(entry, "descriptor signature");
      if (descriptor.readUInt32LE(4) !== entry.crc32) fail(entry, "descriptor CRC-32");
      if (sizes[0] !== entry.compressedSize || sizes[1] !== entry.uncompressedSize) fail(entry, "sizes");
      const read: Read = { entry, start, zip64 };
      if (!skip(entry)) {
        const chunks: Buffer[] = [];
        for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
        read.data = Buffer.concat(chunks);
        if (crc32(read.data) !== entry.crc32) fail(entry, "CRC-32 of the data");
      }
      entries.push(read);
    }
    return { entries, entryCount: zip.entryCount };
  } finally {
    zip.close();
  }
}

/** The end of central directory record: the last 22 bytes (no comment). */
function endRecord(sink: Collect) {
  const end = sink.slice(sink.length - 22, sink.length);
  expect(end.readUInt32LE(0)).toBe(0x06054b50);
  return { count: end.readUInt16LE(10), size: end.readUInt32LE(12), offset: end.readUInt32LE(16) };
}

describe("ZipWriter", () => {
  it("deflates at level 6 what inflates back to the input, and stores as it is", async () => {
    const text = Buffer.from(
      Array.from({ length: 5000 }, (_, i) => `line ${i % 97}: flour, butter\n`).join(""),
    );
    const pieces = Array.from({ length: 10 }, (_, i) => text.subarray(i * 15_000, (i + 1) * 15_000));
    const sink = new Collect();
    const zip = new ZipWriter(sink);
    await zip.add("data/text.txt", Readable.from(pieces));
    await zip.add("data/strings.json", ["[", '"a"', "]"]);
    await zip.add("images/raw.bin", [text], { store: true });
    await zip.add("data/empty.json", []);
    await zip.finish();
    expect(zip.bytes).toBe(sink.length);
    const { entries } = await readBack(sink);
    expect(entries.map((r) => [r.entry.fileName, r.entry.compressionMethod, r.zip64])).toEqual([
      ["data/text.txt", 8, false],
      ["data/strings.json", 8, false],
      ["images/raw.bin", 0, false],
      ["data/empty.json", 8, false],
    ]);
    const [deflated, strings, stored, empty] = entries as [Read, Read, Read, Read];
    expect(deflated.data?.equals(text)).toBe(true);
    // The raw deflate stream, inflated here rather than by yauzl, and as zlib deflates it whole.
    const raw = sink.slice(deflated.start, deflated.start + deflated.entry.compressedSize);
    expect(inflateRawSync(raw).equals(text)).toBe(true);
    expect(raw.length).toBe(deflateRawSync(text, { level: 6 }).length);
    expect(strings.data?.toString()).toBe('["a"]');
    expect(stored.data?.equals(text)).toBe(true);
    expect(stored.entry.compressedSize).toBe(text.length);
    expect(empty.data?.length).toBe(0);
    // A regular file, mode 0644, made on Unix.
    expect(deflated.entry.externalFileAttributes >>> 16).toBe(0o100644);
    expect(deflated.entry.versionMadeBy >> 8).toBe(3);
    expect(endRecord(sink).count).toBe(4);
  });

  it("writes UTF-8 names (bit 11) and dates entries in DOS time", async () => {
    const names = ["data/crème brûlée.json", "images/日本/寿司.jpg", "data/🍰.json", "data/Ωmega/ß.txt"];
    const sink = new Collect();
    const zip = new ZipWriter(sink);
    const date = new Date(2024, 1, 29, 13, 45, 58);
    for (const name of names) await zip.add(name, [name], { date });
    await zip.finish();
    const { entries } = await readBack(sink);
    expect(entries.map((r) => r.entry.fileName)).toEqual(names);
    for (const { entry, data } of entries) {
      expect(entry.generalPurposeBitFlag & 0x0800).toBe(0x0800);
      expect(data?.toString()).toBe(entry.fileName);
      expect(entry.getLastModDate({ forceDosFormat: true })).toEqual(date);
    }
  });

  it("refuses unsafe names with a clear error, lets their source go, and goes on", async () => {
    const sink = new Collect();
    const zip = new ZipWriter(sink);
    const unsafe = ["", "/etc/passwd", "../up.json", "data/../../up.json", "data\\x.json", "data//x.json"];
    for (const name of [...unsafe, "./x.json", "data/", "C:/x.json"]) {
      const source = Readable.from([Buffer.from("x")]);
      await expect(zip.add(name, source)).rejects.toThrow(/zip entry name .* is refused/);
      expect(source.destroyed).toBe(true);
    }
    await zip.add("data/ok.json", ["{}"]);
    await zip.finish();
    const { entries } = await readBack(sink);
    expect(entries.map((r) => r.entry.fileName)).toEqual(["data/ok.json"]);
  });

  it("writes ZIP64 end records for 65,537 entries, all read back with their names and contents", async () => {
    const count = 65_537;
    const sink = new Collect();
    const zip = new ZipWriter(sink);
    const started = performance.now();
    // Mostly stored, every 256th deflated: both methods, without 32,768 zlib streams.
    const deflated = (i: number) => i % 256 === 0;
    for (let i = 0; i < count; i++) {
      await zip.add(`images/${i}.jpg`, [`picture ${i}`], { store: !deflated(i) });
    }
    await zip.finish();
    const written = performance.now() - started;
    const end = endRecord(sink);
    expect(end.count).toBe(0xffff);
    // The locator before it, and the ZIP64 end record it points to.
    const locator = sink.slice(sink.length - 42, sink.length - 22);
    expect(locator.readUInt32LE(0)).toBe(0x07064b50);
    const record = sink.slice(Number(locator.readBigUInt64LE(8)), sink.length - 42);
    expect(record.readUInt32LE(0)).toBe(0x06064b50);
    expect(Number(record.readBigUInt64LE(32))).toBe(count);
    expect(Number(record.readBigUInt64LE(48))).toBe(end.offset);

    const { entries, entryCount } = await readBack(sink);
    expect(entryCount).toBe(count);
    expect(entries).toHaveLength(count);
    const wrong = entries.filter(
      ({ entry, data, zip64 }, i) =>
        entry.fileName !== `images/${i}.jpg` ||
        data?.toString() !== `picture ${i}` ||
        entry.compressionMethod !== (deflated(i) ? 8 : 0) ||
        zip64,
    );
    expect(wrong).toEqual([]);
    console.info(`65,537 entries written in ${Math.round(written)} ms`);
    // The heaviest test of the suite: on two busy cores it has taken past the default 20 s.
  }, 120_000);

  it("writes ZIP64 sizes and offsets past 4 GiB: an entry of 4 GiB + 1 MiB and one after it", async () => {
    const sink = new Collect();
    const zip = new ZipWriter(sink);
    const zeros = Buffer.alloc(1024 ** 2);
    const big = 4 * 1024 + 1; // MiB chunks: 4 GiB + 1 MiB
    await zip.add(
      "images/big.bin",
      Array.from({ length: big }, () => zeros),
      { store: true },
    );
    await zip.add("data/after.json", ["{}"]);
    await zip.finish();
    expect(zip.bytes).toBe(sink.length);
    expect(endRecord(sink).offset).toBe(0xffffffff);
    const { entries } = await readBack(sink, (entry) => entry.fileName === "images/big.bin");
    const [first, after] = entries as [Read, Read];
    expect(first.entry.uncompressedSize).toBe(big * zeros.length);
    expect(first.entry.compressedSize).toBe(big * zeros.length);
    expect(first.zip64).toBe(true);
    // Its header's offset is in a ZIP64 extra field of its central record; its sizes are small.
    expect(after.entry.relativeOffsetOfLocalHeader).toBeGreaterThan(0xffffffff);
    expect(after.zip64).toBe(false);
    expect(after.data?.toString()).toBe("{}");
  });

  it("stops a long deflated entry (a zlib stream) on its source's error, or on destroy()", async () => {
    const zip = new ZipWriter(new Collect());
    async function* broken() {
      yield randomBytes(100_000);
      throw new Error("The cursor was closed.");
    }
    await expect(zip.add("data/a.json", broken())).rejects.toThrow("The cursor was closed.");
    await expect(zip.finish()).rejects.toThrow("The cursor was closed.");

    const other = new ZipWriter(new Collect());
    const body = new Readable({ read() {} });
    body.push(randomBytes(100_000));
    const adding = other.add("data/b.json", body);
    await new Promise((resolve) => setTimeout(resolve, 20));
    other.destroy(new Error("Stopped."));
    await expect(adding).rejects.toThrow("Stopped.");
    expect(body.destroyed).toBe(true);
  });

  it("waits for the sink to drain: no more than a chunk beyond its high-water mark is queued", async () => {
    let most = 0;
    const sink = new Writable({
      highWaterMark: 1024,
      write(_chunk, _encoding, callback) {
        most = Math.max(most, sink.writableLength);
        setImmediate(callback);
      },
    });
    const zip = new ZipWriter(sink);
    const chunks = Array.from({ length: 100 }, () => Buffer.alloc(16_384, 7));
    await zip.add("images/a.jpg", Readable.from(chunks), { store: true });
    await zip.finish();
    expect(zip.bytes).toBeGreaterThan(1_600_000);
    expect(most).toBeLessThanOrEqual(1024 + 16_384);
  });
});
