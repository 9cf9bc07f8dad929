/**
 * The app in the person's language (CONTRACT.md: languages and units). Lingui's core holds the
 * active language's messages; English is part of the first page (the source every other language is
 * translated from, and what most first visits get), each other language is its own chunk, fetched
 * only when chosen. `useT()` gives components the message function and re-renders them when the
 * language changes; `t()` is the same outside components.
 */
import { i18n, type Messages } from "@lingui/core";
import { chooseLanguage, type Language } from "./languages.ts";
import { messages as english } from "./locales/en.ts";

export type { MessageId } from "./keys.ts";
export { LANGUAGE_NAMES, LANGUAGES, type Language } from "./languages.ts";
export { currentLanguage, t, useT, type Values } from "./runtime.ts";

/** This device's last choice, for the first page before the account is read. */
const DEVICE_KEY = "recipes.language";

const chunks: Record<Exclude<Language, "en">, () => Promise<{ messages: Messages }>> = {
  de: () => import("./locales/de.ts"),
  fr: () => import("./locales/fr.ts"),
  es: () => import("./locales/es.ts"),
  it: () => import("./locales/it.ts"),
  nl: () => import("./locales/nl.ts"),
  pt: () => import("./locales/pt.ts"),
  sv: () => import("./locales/sv.ts"),
  da: () => import("./locales/da.ts"),
  nb: () => import("./locales/nb.ts"),
};

i18n.loadAndActivate({ locale: "en", messages: english });

const loaded = new Set<Language>(["en"]);

/** Shows the app in `language`: its messages fetched once, then every component re-rendered. */
export async function activate(language: Language): Promise<void> {
  if (!loaded.has(language) && language !== "en") {
    i18n.load(language, (await chunks[language]()).messages);
    loaded.add(language);
  }
  i18n.activate(language);
  document.documentElement.lang = language;
}

/** The language this device starts in, before (or without) an account: its last choice, else the browser's. */
export const startingLanguage = (): Language =>
  chooseLanguage(undefined, localStorage.getItem(DEVICE_KEY), navigator.languages ?? [navigator.language]);

/** A person's choice, remembered on this device (the account keeps it too: PUT /users/preferences). */
export async function choose(language: Language): Promise<void> {
  localStorage.setItem(DEVICE_KEY, language);
  await activate(language);
}
