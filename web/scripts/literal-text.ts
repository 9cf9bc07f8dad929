/**
 * `node scripts/literal-text.ts [folder…]` (in web/): the text components show that bypasses the
 * message files (src/i18n/literal-text.ts), file by file; default src/. Exits 1 when there is any.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { literalTexts } from "../src/i18n/literal-text.ts";

function components(path: string): string[] {
  if (statSync(path).isFile()) return path.endsWith(".tsx") ? [path] : [];
  return readdirSync(path).flatMap((name) => components(join(path, name)));
}

const files = (process.argv.length > 2 ? process.argv.slice(2) : ["src"])
  .flatMap(components)
  .filter((file) => !/\.test\.tsx$/.test(file));
const findings = files.flatMap((file) => literalTexts(file));
for (const f of findings) console.log(`${f.file}:${f.line}  ${f.text}`);
console.log(`${findings.length} literal text(s) in ${files.length} component(s).`);
process.exit(findings.length > 0 ? 1 : 0);
