/**
 * Writes an archive as a stream: entries are compressed and passed on to the sink (a file, or an
 * upload to storage) one after the other, hashed on the way, and the manifest with every hash
 * comes last. Nothing is held in memory beyond one entry's buffers.
 *
 * The zip is yazl's (the writer paired with yauzl, which reads archives back): small, and ZIP64 on
 * its own when an archive passes 65,535 files or 4 GiB. yazl neither reports an entry as written
 * nor passes on its input's errors (it pipes them), so both are watched here: an entry is written
 * once its source has been read to the end through the hashing tap, and the first error of a
 * source, the tap, the zip or the sink stops everything and is what every later call throws.
 * yazl 3.3.1 rescans its list of entries from the first for each one it writes: an archive of N
 * files costs it O(N²) (about 2 s of CPU at 10,000 files, 35 s at 65,536; thejoshwolfe/yazl#91).
 */
import { createHash } from "node:crypto";
import { Readable, Transform, type Writable } from "node:stream";
import { finished, pipeline } from "node:stream/promises";
import { ZipFile } from "yazl";
import { config } from "../config.ts";
import { ARCHIVE_FORMAT, type ArchiveScope, FORMAT_VERSION, MANIFEST_PATH, type Manifest } from "./format.ts";

export type ArchiveSource = Readable | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;

/** zlib's level, as archiver's was: deflating further costs time for little on JSON. */
const COMPRESSION_LEVEL = 6;

export class ArchiveWriter {
  private readonly zip = new ZipFile();
  private readonly sink: Writable;
  /** yazl's output (a PassThrough), through `counter` into the sink. */
  private readonly output = this.zip.outputStream as Readable;
  private readonly counter: Transform;
  private readonly files: Record<string, string> = {};
  private readonly done: Promise<void>;
  private readonly failed: Promise<never>;
  private bytes = 0;
  private failure: Error | undefined;
  private reject: (error: Error) => void = () => undefined;
  /** The entry being written (its source and tap), stopped with everything else on a failure. */
  private current: { input: Readable; tap: Transform } | undefined;

  constructor(sink: Writable) {
    this.sink = sink;
    this.failed = new Promise<never>((_, reject) => {
      this.reject = reject;
    });
    // Only raced against, never awaited alone: its rejection is seen through the calls.
    this.failed.catch(() => undefined);
    this.counter = new Transform({
      transform: (chunk: Buffer, _encoding, callback) => {
        this.bytes += chunk.length;
        callback(null, chunk);
      },
    });
    const fail = (error: Error) => this.fail(error);
    this.zip.on("error", fail);
    this.output.on("error", fail);
    this.counter.on("error", fail);
    this.output.pipe(this.counter).pipe(sink);
    // A sink that fails (storage down) must not leave the zip waiting for a reader forever.
    this.done = finished(sink);
    this.done.catch(fail);
  }

  /**
   * Adds one file and resolves once it is written, with its SHA-256 recorded for the manifest.
   * `stored`: written as it is, for content that is compressed already (pictures: deflating a JPEG
   * costs milliseconds to save a few bytes).
   */
  async add(path: string, source: ArchiveSource, options: { stored?: boolean } = {}): Promise<void> {
    if (this.failure) throw this.failure;
    const hash = createHash("sha256");
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        hash.update(chunk);
        callback(null, chunk);
      },
    });
    const input = source instanceof Readable ? source : Readable.from(source);
    try {
      // yazl asks for the stream when the entries before it are written, and pipes it.
      this.zip.addReadStreamLazy(
        path,
        options.stored === true ? { compress: false } : { compressionLevel: COMPRESSION_LEVEL },
        (callback) => callback(null, tap),
      );
    } catch (error) {
      // A name yazl refuses (empty, absolute, `..`): nothing was added, the zip goes on.
      input.destroy();
      throw error;
    }
    this.current = { input, tap };
    // The source read to its end through the tap (pipeline destroys both on an error of either),
    // and the tap read to its end by the zip.
    const written = Promise.all([pipeline(input, tap), finished(tap)]);
    written.catch(() => undefined);
    try {
      await Promise.race([written, this.failed]);
    } catch (error) {
      this.fail(error as Error);
      throw this.failure;
    } finally {
      this.current = undefined;
    }
    if (this.failure) throw this.failure;
    this.files[path] = hash.digest("hex");
  }

  /** Writes the manifest, closes the zip and waits for the sink; returns the archive's manifest and size. */
  async finish(
    scope: ArchiveScope,
    counts: Record<string, number>,
  ): Promise<{ manifest: Manifest; bytes: number }> {
    if (this.failure) throw this.failure;
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      format_version: FORMAT_VERSION,
      service_version: config.version,
      created_at: new Date().toISOString(),
      scope,
      counts,
      files: this.files,
    };
    this.zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST_PATH, {
      compressionLevel: COMPRESSION_LEVEL,
    });
    this.zip.end();
    try {
      await Promise.race([this.done, this.failed]);
    } catch (error) {
      this.fail(error as Error);
      throw this.failure;
    }
    return { manifest, bytes: this.bytes };
  }

  /** Stops writing (after a failure elsewhere); the sink receives no more bytes. */
  abort(): void {
    this.fail(new Error("The archive was aborted."));
  }

  /** Keeps the first failure, rejects what is waiting, and stops the zip and the entry in progress. */
  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    this.reject(error);
    this.counter.unpipe(this.sink);
    this.output.unpipe(this.counter);
    this.current?.input.destroy();
    this.current?.tap.destroy();
    this.output.destroy();
    this.counter.destroy();
  }
}
