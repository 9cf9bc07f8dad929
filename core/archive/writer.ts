/**
 * Writes an archive as a stream: entries go to the sink (a file, or an upload to storage) one after
 * the other through the zip writer (zip.ts), hashed on the way, and the manifest with every hash
 * comes last. Nothing is held in memory beyond the entry being written and the zip's directory.
 * The first failure (a source, the sink, `abort()`) rejects the call that waits, destroys its
 * source, and is what every later call throws; the sink receives nothing more.
 */
import { createHash } from "node:crypto";
import type { Writable } from "node:stream";
import { config } from "../config.ts";
import { ARCHIVE_FORMAT, type ArchiveScope, FORMAT_VERSION, MANIFEST_PATH, type Manifest } from "./format.ts";
import { type ZipSource, ZipWriter } from "./zip.ts";

export type ArchiveSource = ZipSource;

export class ArchiveWriter {
  private readonly zip: ZipWriter;
  private readonly files: Record<string, string> = {};

  constructor(sink: Writable) {
    this.zip = new ZipWriter(sink);
  }

  /**
   * Adds one file and resolves once it is written, with its SHA-256 recorded for the manifest.
   * `stored`: written as it is, for content that is compressed already (pictures: deflating a JPEG
   * costs milliseconds to save a few bytes).
   */
  async add(path: string, source: ArchiveSource, options: { stored?: boolean } = {}): Promise<void> {
    const hash = createHash("sha256");
    await this.zip.add(path, source, { store: options.stored, onData: (chunk) => hash.update(chunk) });
    this.files[path] = hash.digest("hex");
  }

  /** Writes the manifest, closes the zip and waits for the sink; returns the archive's manifest and size. */
  async finish(
    scope: ArchiveScope,
    counts: Record<string, number>,
  ): Promise<{ manifest: Manifest; bytes: number }> {
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      format_version: FORMAT_VERSION,
      service_version: config.version,
      created_at: new Date().toISOString(),
      scope,
      counts,
      files: this.files,
    };
    const json = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await this.zip.add(MANIFEST_PATH, [json]);
    await this.zip.finish();
    return { manifest, bytes: this.zip.bytes };
  }

  /** Stops writing (after a failure elsewhere); the sink receives no more bytes. */
  abort(): void {
    this.zip.destroy(new Error("The archive was aborted."));
  }
}
