/**
 * The app in the person's language (CONTRACT.md: languages and units). Lingui's core holds the
 * active language's messages, fetched a part at a time and only in the language shown: English's
 * words are chunks like every other language's, so a German phone never downloads them. main.tsx
 * activates the starting language before the app renders. `useT()` gives components the message
 * function and re-renders them when the language changes; `t()` is the same outside components.
 */
import { i18n, type Messages } from "@lingui/core";
import { mergeParts } from "./catalogue.ts";
import { loadFoodNames } from "./food-names.ts";
import { chooseLanguage, FIRST_PARTS, type Language } from "./languages.ts";
import { currentLanguage } from "./runtime.ts";

export type { MessageId } from "./keys.ts";
export { LANGUAGE_NAMES, LANGUAGES, type Language } from "./languages.ts";
export { around, currentLanguage, t, useT, type Values } from "./runtime.ts";

/** This device's last choice, for the first page before the account is read. */
const DEVICE_KEY = "recipes.language";

// Every part of every language is a chunk of its own (the first parts of one language are merged
// into one file when built: vite.config.ts), fetched when a page needs it (loadAllParts).
const files = import.meta.glob<Messages>("./messages/*/*.json", { import: "default" });
const ALL_PARTS = Object.keys(files).flatMap(
  (path) => /^\.\/messages\/en\/(.+)\.json$/.exec(path)?.[1] ?? [],
);

/** The parts the pages opened so far need, in whatever language is chosen next. */
const wanted = new Set(FIRST_PARTS);
/** `<language>/<part>` of every part loaded. */
const loaded = new Set<string>();

/**
 * Whether the built-in foods' names in the person's language (./food-names.ts) are wanted: once a
 * page beyond the first ones opened (loadAllParts), as the pages that show ingredients (a recipe,
 * the lists, the catalogue) all are. Not for the first pages: main.tsx activates the starting
 * language before the first paint, and the browse page's JavaScript budget has no room for them.
 * From then on a language is activated with its names, fetched beside its messages, so a page never
 * shows the names of one language and the words of another; a failed fetch leaves names as stored.
 */
let foodNamesWanted = false;
const foodNames = async (language: Language) => {
  if (foodNamesWanted) await loadFoodNames(language).catch(() => undefined);
};

/** Fetches the parts of `language` not loaded yet, then hands them to Lingui at once. */
async function load(language: Language, parts: readonly string[]): Promise<void> {
  const missing = parts.filter((part) => !loaded.has(`${language}/${part}`));
  if (missing.length === 0) return;
  const fetched = await Promise.all(
    missing.map(async (part) => {
      const path = `./messages/${language}/${part}.json`;
      const file = files[path];
      if (!file) throw new Error(`No messages for ${language}/${part}.`);
      return [path, await file()] as const;
    }),
  );
  i18n.load(language, mergeParts(Object.fromEntries(fetched)));
  for (const part of missing) loaded.add(`${language}/${part}`);
}

/** Makes `language` the active one: the parts the pages need fetched once, then every component re-rendered. */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([load(language, [...wanted]), foodNames(language)]);
  i18n.activate(language);
}

/** Shows the page in `language`: its words (loadLanguage) and `<html lang>`. */
export async function activate(language: Language): Promise<void> {
  await loadLanguage(language);
  document.documentElement.lang = language;
}

/** Every part of the app, in the active language and any chosen later: for every page beyond the first ones. */
export async function loadAllParts(): Promise<void> {
  for (const part of ALL_PARTS) wanted.add(part);
  foodNamesWanted = true;
  await Promise.all([load(currentLanguage(), ALL_PARTS), foodNames(currentLanguage())]);
}

/** The language this device starts in, before (or without) an account: its last choice, else the browser's. */
export const startingLanguage = (): Language =>
  chooseLanguage(undefined, localStorage.getItem(DEVICE_KEY), navigator.languages ?? [navigator.language]);

/** A person's choice, remembered on this device (the account keeps it too: PUT /users/preferences). */
export async function choose(language: Language): Promise<void> {
  localStorage.setItem(DEVICE_KEY, language);
  await activate(language);
}
