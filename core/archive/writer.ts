/**
 * Writes an archive as a stream: entries are compressed and passed on to the sink (a file, or an
 * upload to storage) one after the other, hashed on the way, and the manifest with every hash
 * comes last. Nothing is held in memory beyond one entry's buffers.
 */
import { createHash } from "node:crypto";
import { Readable, Transform, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipArchive } from "archiver";
import { config } from "../config.ts";
import { ARCHIVE_FORMAT, type ArchiveScope, FORMAT_VERSION, MANIFEST_PATH, type Manifest } from "./format.ts";

export type ArchiveSource = Readable | AsyncIterable<string | Buffer> | Iterable<string | Buffer>;

export class ArchiveWriter {
  private readonly zip = new ZipArchive({ zlib: { level: 6 } });
  private readonly files: Record<string, string> = {};
  private readonly done: Promise<void>;
  private failure: Error | undefined;

  constructor(sink: Writable) {
    this.zip.on("error", (error) => {
      this.failure ??= error;
    });
    this.zip.on("warning", (error) => {
      this.failure ??= error;
    });
    this.zip.pipe(sink);
    this.done = finished(sink);
    // A sink that fails (storage down) must not leave the zip waiting for a reader forever.
    this.done.catch((error: Error) => {
      this.failure ??= error;
      this.zip.abort();
    });
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
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        this.zip.off("entry", onEntry);
        this.zip.off("error", onError);
        tap.off("error", onError);
      };
      const onEntry = (entry: { name: string }) => {
        if (entry.name !== path) return;
        cleanup();
        resolve();
      };
      const onError = (error: Error) => {
        cleanup();
        reject(error);
      };
      this.zip.on("entry", onEntry);
      this.zip.on("error", onError);
      tap.on("error", onError);
      input.on("error", (error) => tap.destroy(error));
      this.zip.append(input.pipe(tap), { name: path, store: options.stored === true });
    });
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
    this.zip.append(`${JSON.stringify(manifest, null, 2)}\n`, { name: MANIFEST_PATH });
    await this.zip.finalize();
    await this.done;
    if (this.failure) throw this.failure;
    return { manifest, bytes: this.zip.pointer() };
  }

  /** Stops writing (after a failure elsewhere); the sink receives no more bytes. */
  abort(): void {
    this.zip.abort();
  }
}
