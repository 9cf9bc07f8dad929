/**
 * Archives (CONTRACT.md, "export, backup and restore"): an export is written to storage and answered
 * as a signed link; an import is uploaded straight to storage through a signed PUT (never through
 * the API, whose requests are capped far below an archive's size), then read by POST /imports.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { t } from "../../../i18n/index.ts";
import { api, call, type Schemas } from "../../../lib/api/client.ts";
import { ApiError, UNREACHABLE_MESSAGE } from "../../../lib/errors.ts";

export type ExportScope = Schemas["ExportCreate"]["scope"];

/** The most a signed upload takes (POST /imports/uploads). */
export const MAX_ARCHIVE_BYTES = 200 * 1024 * 1024;

/** Writes the archive to storage (a while, for many pictures); answers its signed link. */
export function useExportArchive(scope: ExportScope) {
  return useMutation({ mutationFn: () => call(api.POST("/api/v1/exports", { body: { scope } })) });
}

/**
 * PUTs the file to the signed link with progress (0 to 1): XMLHttpRequest, because fetch() reports
 * no upload progress. Storage answers in XML, not problem+json, so a refusal reads as one sentence.
 */
function putToStorage(url: string, file: Blob, onProgress: (fraction: number) => void, signal?: AbortSignal) {
  return new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(xhr.status, t("archive.storageRefused", { status: xhr.status })));
    };
    xhr.onerror = () => reject(new ApiError(0, UNREACHABLE_MESSAGE));
    xhr.onabort = () => reject(new DOMException(t("archive.uploadCancelled"), "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

export type ImportPhase = { phase: "uploading"; progress: number } | { phase: "reading" };

/** Upload target, upload, import: the archive's content becomes the caller's. */
async function importArchive(
  file: File,
  onPhase: (phase: ImportPhase) => void,
  signal?: AbortSignal,
): Promise<Schemas["ImportRead"]> {
  onPhase({ phase: "uploading", progress: 0 });
  const target = await call(api.POST("/api/v1/imports/uploads"));
  await putToStorage(
    target.upload_url,
    file,
    (progress) => onPhase({ phase: "uploading", progress }),
    signal,
  );
  onPhase({ phase: "reading" });
  return call(api.POST("/api/v1/imports", { body: { key: target.key } }));
}

/**
 * Imports an archive file, with the phase it is in (`phase`, null when none runs). Leaving the page
 * stops an upload in flight; afterwards every query is stale.
 */
export function useImportArchive() {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<ImportPhase | null>(null);
  const aborter = useRef<AbortController | null>(null);
  useEffect(() => () => aborter.current?.abort(), []);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      aborter.current = new AbortController();
      return importArchive(file, setPhase, aborter.current.signal);
    },
    // Everything may have changed: recipes, ingredients, stores, lists, the meal plan.
    onSuccess: () => void queryClient.invalidateQueries(),
    onSettled: () => setPhase(null),
  });
  return { ...mutation, phase };
}
