/**
 * The Vite plugin that compiles the app's message files (src/i18n/messages/<language>/<part>.json,
 * ICU message syntax) with Lingui's own compiler when they are imported: the browser gets Lingui's
 * compiled form, and no message parser. A message that is not valid ICU stops the build, naming it.
 * Used by the build, the dev server and the unit tests alike.
 */
import { readFileSync } from "node:fs";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import type { Plugin } from "vite";

const CATALOGUE = /[\\/]src[\\/]i18n[\\/]messages[\\/][a-z]{2}[\\/][a-z-]+\.json$/;

/** A message file's messages, compiled; throws naming the first message that is not valid ICU. */
export function compileCatalogue(source: string, file: string): Record<string, unknown> {
  const messages = JSON.parse(source) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(messages).map(([key, message]) => {
      try {
        return [key, compileMessageOrThrow(message)];
      } catch (error) {
        throw new Error(`${file}: message '${key}' is not valid ICU: ${(error as Error).message}`);
      }
    }),
  );
}

export function linguiCatalogues(): Plugin {
  return {
    name: "lingui-catalogues",
    enforce: "pre",
    load(id) {
      const file = id.split("?")[0] ?? id;
      if (!CATALOGUE.test(file)) return null;
      const compiled = compileCatalogue(readFileSync(file, "utf8"), file);
      return { code: `export default ${JSON.stringify(compiled)};`, moduleType: "js" };
    },
  };
}
