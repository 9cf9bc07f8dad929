/**
 * The app's ten languages (CONTRACT.md: languages and units) and which one a person gets: the
 * account's, else the one last chosen on this device, else the browser's first supported one, else
 * English.
 */
export const LANGUAGES = ["en", "de", "fr", "es", "it", "nl", "pt", "sv", "da", "nb"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The parts of the catalogue every page shows (the shell, shared words) and those of the pages a
 * first visit opens: browsing, a log-in, a sign-up (index.ts loads them first; the built page asks
 * for them at once in a language other than English: first-screen.ts).
 */
export const FIRST_PARTS = ["common", "app", "components", "lib", "recipes", "auth"];

/** Each language by its own name, as the picker lists it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: "English",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  it: "Italiano",
  nl: "Nederlands",
  pt: "Português",
  sv: "Svenska",
  da: "Dansk",
  nb: "Norsk bokmål",
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);

/**
 * The supported language of a browser's list (`navigator.languages`: `de-AT`, `nb-NO`, `no`…) that
 * comes first, or undefined. Norwegian without a script (`no`) is read as bokmål.
 */
export function browserLanguage(preferred: readonly string[]): Language | undefined {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split("-")[0];
    const language = base === "no" ? "nb" : base;
    if (isLanguage(language)) return language;
  }
  return undefined;
}

/** The language to show: the account's choice, this device's last choice, the browser's, English. */
export function chooseLanguage(
  account: string | null | undefined,
  device: string | null | undefined,
  preferred: readonly string[],
): Language {
  if (isLanguage(account)) return account;
  if (isLanguage(device)) return device;
  return browserLanguage(preferred) ?? "en";
}
