/**
 * A language's messages: one file per part of the app (messages/<language>/<part>.json, ICU message
 * syntax), compiled for Lingui when the app is built (the `lingui-catalogues` plugin in
 * vite.config.ts), so no message parser ships to the browser. A message's id is `<part>.<key>`.
 */
import type { Messages } from "@lingui/core";

/** The compiled files of one language, as `import.meta.glob` hands them over, into one table of messages. */
export function mergeParts(parts: Record<string, Messages>): Messages {
  const messages: Messages = {};
  for (const [path, part] of Object.entries(parts)) {
    const name = /([^/]+)\.json$/.exec(path)?.[1];
    if (!name) continue;
    for (const [key, message] of Object.entries(part)) messages[`${name}.${key}`] = message;
  }
  return messages;
}
