/**
 * The message files (CONTRACT.md: languages and units): every part of the app in all ten languages,
 * each language with exactly English's keys, every message valid ICU with English's placeholders.
 * A missing or extra key, a broken message or a lost `{count}` fails here (and the build, for ICU).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "./languages.ts";

const DIR = join(import.meta.dirname, "messages");
const read = (language: string, part: string): Record<string, string> =>
  JSON.parse(readFileSync(join(DIR, language, `${part}.json`), "utf8"));
const parts = readdirSync(join(DIR, "en"))
  .filter((file) => file.endsWith(".json"))
  .map((file) => file.replace(/\.json$/, ""));

/** The names a message puts values in (`{count, plural, …}`, `{name}`), sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      const [name, , format] = token as [string, string?, unknown?];
      names.add(name);
      if (format && typeof format === "object") for (const branch of Object.values(format)) walk(branch);
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe("the message files", () => {
  it("have parts", () => {
    expect(parts.length).toBeGreaterThan(0);
  });

  for (const part of parts) {
    const english = read("en", part);
    for (const language of LANGUAGES) {
      it(`${language}/${part}.json has English's keys, valid ICU and English's placeholders`, () => {
        const messages = read(language, part);
        expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
        for (const [key, message] of Object.entries(messages)) {
          expect(typeof message, key).toBe("string");
          expect(message.trim(), key).not.toBe("");
          expect(placeholders(message), `${language}/${part}.json ${key}`).toEqual(
            placeholders(english[key] ?? ""),
          );
        }
      });
    }
  }
});

/**
 * A control's accessible name holds its visible words (WCAG 2.5.3, axe's label-content-name-mismatch):
 * a button showing `changeRole` ("Change role") is named by `changeRoleOf` ("Change role of dev-user").
 * Such pairs are a key and the same key with `Of`, `Name`, `Named` or `For`; where English's name
 * holds the visible words, every language's must too (German's "Rolle von X ändern" does not hold
 * "Rolle ändern", so a person using voice control could not say what they see).
 */
/**
 * A message's words, lower case and without punctuation, as axe compares them (whole words:
 * "passord" is not in "passordet").
 */
const words = (message: string | undefined) =>
  ` ${(message ?? "")
    .toLowerCase()
    .replace(/[.,:;!?¿¡«»“”„"()]/g, " ")
    .split(/\s+/)
    .filter(Boolean)
    .join(" ")} `;

describe("accessible names", () => {
  for (const part of parts) {
    const english = read("en", part);
    const pairs = Object.keys(english).flatMap((key) => {
      const visible = /^(.+?)(?:Of|Name|Named|For)$/.exec(key)?.[1];
      const englishHolds =
        visible && english[visible] && words(english[key]).includes(words(english[visible]));
      return englishHolds ? [[visible, key] as const] : [];
    });
    if (pairs.length === 0) continue;
    it(`in ${part}.json hold their visible words in every language`, () => {
      for (const language of LANGUAGES) {
        const messages = read(language, part);
        for (const [visible, named] of pairs)
          expect(words(messages[named]), `${language}/${part}.json ${named}`).toContain(
            words(messages[visible]),
          );
      }
    });
  }
});
