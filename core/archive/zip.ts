/**
 * A streaming ZIP writer (PKWARE APPNOTE.TXT 6.3.10) on node:zlib. Each entry goes to the sink as
 * its source is read: local header, data (stored, method 0, or deflated at level 6, method 8) and a
 * data descriptor with the CRC-32 and sizes (general purpose bit 3); names are UTF-8 (bit 11). The
 * central directory and the end records close the zip. Linear in entries: an entry leaves only its
 * central directory record behind, all written once at the end. The sink's backpressure is obeyed,
 * so no more than the chunks in flight of the entry being written are held.
 *
 * ZIP64 (APPNOTE 4.3.14-16, 4.5.3): the ZIP64 end record and locator from 65,535 entries, or when the
 * directory's size or offset passes 32 bits; in a central record, an extra field with whichever of
 * the sizes and the header's offset pass 32 bits; in a data descriptor, 8-byte sizes when a size
 * passes 32 bits. A local header is written before its entry's sizes are known and carries no
 * ZIP64 field, as archiver (this writer's predecessor), Go and Info-ZIP write streamed entries:
 * every reader takes the sizes from the central directory, and streaming readers that guess the
 * descriptor's width (JDK's ZipInputStream) guess right for every entry under 4 GiB.
 *
 * The first failure (a source, the sink, `destroy()`) stops everything: the entry being written
 * rejects, its source is destroyed, and every later call throws that error. The sink is left to its
 * owner, and receives nothing more.
 */
import { once } from "node:events";
import { Readable, type Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { crc32, createDeflateRaw, deflateRawSync } from "node:zlib";
import { isSafeEntryName } from "./format.ts";

export type ZipSource = Readable | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;

export type ZipEntryOptions = {
  /** Written as it is (method 0), for data compressed already; otherwise deflated (method 8). */
  store?: boolean;
  /** Its modification time; the time of `add` by default. */
  date?: Date;
  /** Sees each chunk of the source as it is read (to hash it). */
  onData?: (chunk: Buffer) => void;
};

const MAX16 = 0xffff;
const MAX32 = 0xffffffff;
const LEVEL = 6;
/** Data that ends within this many bytes is deflated in one call rather than through a zlib stream. */
const SMALL_DATA = 64 * 1024;
const FLAGS = (1 << 3) | (1 << 11); // CRC-32 and sizes in a data descriptor; UTF-8 names
const MADE_BY = (3 << 8) | 63; // Unix, APPNOTE 6.3
const FILE_ATTRIBUTES = 0o100644 * 0x10000; // a regular file, rw-r--r--, in the high 16 bits

type Entry = {
  name: Buffer;
  method: number;
  time: number;
  date: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
};

export class ZipWriter {
  private readonly directory: Buffer[] = [];
  private readonly stop = new AbortController();
  private failure: Error | undefined;
  private written = 0;
  /** An entry or the end is being written (or was: nothing comes after `finish()`). */
  private busy = false;

  constructor(private readonly sink: Writable) {
    // A sink that fails (storage down) or closes early stops everything, even between entries.
    finished(sink).catch((error: Error) => this.destroy(error));
  }

  /** Bytes given to the sink so far. */
  get bytes(): number {
    return this.written;
  }

  /** Writes one entry from its source, and resolves once the entry is in the sink's hands. */
  async add(name: string, source: ZipSource, options: ZipEntryOptions = {}): Promise<void> {
    try {
      this.check();
      checkName(name);
    } catch (error) {
      if (source instanceof Readable) source.destroy();
      throw error;
    }
    this.busy = true;
    try {
      await this.writeEntry(name, source, options);
    } catch (error) {
      this.destroy(error as Error);
      if (source instanceof Readable) source.destroy();
      throw this.failure;
    } finally {
      this.busy = false;
    }
  }

  /** Writes the central directory and the end records, ends the sink and waits for it to finish. */
  async finish(): Promise<void> {
    this.check();
    this.busy = true;
    try {
      const offset = this.written;
      for (const record of this.directory) await this.write(record);
      await this.write(endRecords(this.directory.length, this.written - offset, offset));
      this.sink.end();
      await finished(this.sink, { signal: this.stop.signal });
    } catch (error) {
      this.destroy(error as Error);
      throw this.failure;
    }
  }

  /** Stops everything with `error` (the first one wins): the entry being written rejects with it. */
  destroy(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.stop.abort(error);
  }

  private check(): void {
    if (this.failure) throw this.failure;
    if (this.busy) throw new Error("The zip is busy: add() one entry at a time, and nothing after finish().");
  }

  private async writeEntry(fileName: string, source: ZipSource, options: ZipEntryOptions): Promise<void> {
    const name = Buffer.from(fileName, "utf8");
    const offset = this.written;
    const [time, date] = dosDateTime(options.date ?? new Date());
    const entry: Entry = {
      name,
      method: options.store ? 0 : 8,
      time,
      date,
      crc: 0,
      compressed: 0,
      size: 0,
      offset,
    };
    await this.write(localHeader(entry));
    // pipeline() hands the source itself to the first stage.
    const read = async function* (input: ZipSource) {
      for await (const chunk of input) {
        const data: Buffer = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
        entry.crc = crc32(data, entry.crc);
        entry.size += data.length;
        options.onData?.(data);
        yield data;
      }
    };
    const write = async (output: AsyncIterable<Buffer>) => {
      for await (const chunk of output) {
        entry.compressed += chunk.length;
        await this.write(chunk);
      }
    };
    const { signal } = this.stop;
    if (options.store) await pipeline(source, read, write, { signal });
    else await pipeline(source, read, deflate, write, { signal });
    await this.write(dataDescriptor(entry));
    this.directory.push(centralRecord(entry));
  }

  /** Gives a chunk to the sink, and waits for it to drain when it asks to. */
  private async write(chunk: Buffer): Promise<void> {
    if (this.failure) throw this.failure;
    this.written += chunk.length;
    if (!this.sink.write(chunk)) await once(this.sink, "drain", { signal: this.stop.signal });
  }
}

/**
 * Deflates as a pipeline stage. Data that ends within its first 64 KiB (most files) is deflated in
 * one call: a zlib stream's round trips through the thread pool cost about 0.1 ms an entry, more
 * than deflating a small file. Longer data goes on through a zlib stream. Both give the same bytes.
 */
async function* deflate(input: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  const iterator = input[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  while (length < SMALL_DATA) {
    const next = await iterator.next();
    if (next.done) {
      yield deflateRawSync(Buffer.concat(head, length), { level: LEVEL });
      return;
    }
    head.push(next.value);
    length += next.value.length;
  }
  const rest = async function* () {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  };
  const zlib = createDeflateRaw({ level: LEVEL });
  // An error of the data destroys the zlib stream with it, and so ends the loop below with it.
  pipeline(rest(), zlib).catch(() => undefined);
  yield* zlib;
}

/** A file's name as the reader accepts it (isSafeEntryName), and not a directory's. */
function checkName(name: string): void {
  if (!isSafeEntryName(name) || name.endsWith("/")) {
    throw new Error(
      `The zip entry name '${name}' is refused: it must be a relative path with no empty, '.' or '..' segment and no backslash.`,
    );
  }
  if (Buffer.byteLength(name) > MAX16) throw new Error("A zip entry name is longer than 65,535 bytes.");
}

/** MS-DOS time and date (local time, in 2-second steps), kept within the years 1980-2107 they hold. */
function dosDateTime(at: Date): [time: number, date: number] {
  const year = at.getFullYear();
  if (year < 1980) return [0, (1 << 5) | 1];
  if (year > 2107) return [(23 << 11) | (59 << 5) | 29, (127 << 9) | (12 << 5) | 31];
  return [
    (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
    ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  ];
}

const u64 = (buffer: Buffer, value: number, at: number) => buffer.writeBigUInt64LE(BigInt(value), at);

/** APPNOTE 4.3.7; CRC-32 and sizes zero (bit 3): they follow the data. */
function localHeader(entry: Entry): Buffer {
  const header = Buffer.alloc(30 + entry.name.length);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(20, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(entry.time, 10);
  header.writeUInt16LE(entry.date, 12);
  header.writeUInt16LE(entry.name.length, 26);
  entry.name.copy(header, 30);
  return header;
}

/** APPNOTE 4.3.9, with its signature; 8-byte sizes when one passes 32 bits (4.3.9.2). */
function dataDescriptor(entry: Entry): Buffer {
  const large = entry.size >= MAX32 || entry.compressed >= MAX32;
  const descriptor = Buffer.alloc(large ? 24 : 16);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (large) {
    u64(descriptor, entry.compressed, 8);
    u64(descriptor, entry.size, 16);
  } else {
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

/** APPNOTE 4.3.12, with a ZIP64 extra field (4.5.3) holding the sizes and offset that pass 32 bits. */
function centralRecord(entry: Entry): Buffer {
  const large = [entry.size, entry.compressed, entry.offset].filter((value) => value >= MAX32);
  const extra = large.length > 0 ? 4 + 8 * large.length : 0;
  const record = Buffer.alloc(46 + entry.name.length + extra);
  record.writeUInt32LE(0x02014b50, 0);
  record.writeUInt16LE(MADE_BY, 4);
  record.writeUInt16LE(extra > 0 ? 45 : 20, 6);
  record.writeUInt16LE(FLAGS, 8);
  record.writeUInt16LE(entry.method, 10);
  record.writeUInt16LE(entry.time, 12);
  record.writeUInt16LE(entry.date, 14);
  record.writeUInt32LE(entry.crc, 16);
  record.writeUInt32LE(Math.min(entry.compressed, MAX32), 20);
  record.writeUInt32LE(Math.min(entry.size, MAX32), 24);
  record.writeUInt16LE(entry.name.length, 28);
  record.writeUInt16LE(extra, 30);
  // Comment length, disk number and internal attributes: zero.
  record.writeUInt32LE(FILE_ATTRIBUTES, 38);
  record.writeUInt32LE(Math.min(entry.offset, MAX32), 42);
  entry.name.copy(record, 46);
  if (extra > 0) {
    const at = 46 + entry.name.length;
    record.writeUInt16LE(0x0001, at);
    record.writeUInt16LE(extra - 4, at + 2);
    for (const [i, value] of large.entries()) u64(record, value, at + 4 + 8 * i);
  }
  return record;
}

/** APPNOTE 4.3.16, after the ZIP64 end record and locator (4.3.14-15) when a count or size needs them. */
function endRecords(count: number, size: number, offset: number): Buffer {
  const zip64 = count >= MAX16 || size >= MAX32 || offset >= MAX32;
  const end = Buffer.alloc(zip64 ? 56 + 20 + 22 : 22);
  if (zip64) {
    end.writeUInt32LE(0x06064b50, 0);
    u64(end, 56 - 12, 4);
    end.writeUInt16LE(MADE_BY, 12);
    end.writeUInt16LE(45, 14);
    u64(end, count, 24);
    u64(end, count, 32);
    u64(end, size, 40);
    u64(end, offset, 48);
    end.writeUInt32LE(0x07064b50, 56);
    u64(end, offset + size, 64);
    end.writeUInt32LE(1, 72);
  }
  const at = zip64 ? 76 : 0;
  end.writeUInt32LE(0x06054b50, at);
  end.writeUInt16LE(Math.min(count, MAX16), at + 8);
  end.writeUInt16LE(Math.min(count, MAX16), at + 10);
  end.writeUInt32LE(Math.min(size, MAX32), at + 12);
  end.writeUInt32LE(Math.min(offset, MAX32), at + 16);
  return end;
}
