/**
 * `npm run openapi`: writes the OpenAPI 3.1 document to .build/openapi.json (for client generators,
 * and for the docs Lambda, which inlines it) and Swagger UI's files to .build/docs-assets.json (for the
 * docs page Lambda). The deploy runs this first; a missing handler fails it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { readDocsAssets } from "../functions/docs/page.ts";
import { generateOpenApiDocument } from "../functions/lib/openapi.ts";

const dir = new URL("../.build/", import.meta.url);
mkdirSync(dir, { recursive: true });

const document = await generateOpenApiDocument();
const documentFile = new URL("openapi.json", dir);
writeFileSync(documentFile, `${JSON.stringify(document, null, 2)}\n`);

const assetsFile = new URL("docs-assets.json", dir);
writeFileSync(assetsFile, JSON.stringify(readDocsAssets()));

const shown = (url: URL) => relative(process.cwd(), fileURLToPath(url));
const paths = Object.keys((document as { paths: object }).paths).length;
console.log(`${shown(documentFile)}: OpenAPI ${String(document.openapi)}, ${paths} paths`);
console.log(`${shown(assetsFile)}: the docs page's Swagger UI files`);
