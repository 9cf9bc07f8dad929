import { ImportUploadRead } from "../../core/archive/schemas.ts";
import { createImportUpload } from "../../core/archive/upload-link.ts";
import { created, endpoint } from "../lib/endpoint.ts";

export const handler = endpoint("archives/upload", {
  summary: "Start an archive upload",
  description:
    "A signed link that takes one `PUT` of an archive (at most 200 MB) for 15 minutes, straight to " +
    "storage. Then send its `key` to `POST /imports`.",
  response: { status: 201, schema: ImportUploadRead, description: "Where to upload the archive." },
  handle: async ({ caller }) => {
    const upload = await createImportUpload(caller);
    return created(upload, upload.upload_url);
  },
});
