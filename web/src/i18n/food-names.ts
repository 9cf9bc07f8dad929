/**
 * Ingredients by their names in the person's language where the built-in foods have one (issue 39):
 * an ingredient stored as `Sugar` (or `Zucker`, from a German import) shows as `Zucker` to a German
 * reader, `sucre` to a French one and `Sugar` to an English one. The names are each language's
 * table (`virtual:food-names/<language>`, made at build time from the page import's food tables:
 * ../../food-names.ts), a chunk of its own fetched the first time the language needs it, never with
 * the first page: index.ts fetches the active language's table beside its messages when a page
 * beyond the first ones opens (loadAllParts), and a chosen language's beside its messages when it is
 * activated after that; a component that shows names and finds no table (its fetch failed) asks for
 * it again once it has rendered (useIngredientName). Until the table arrives, and for a name it does
 * not have, a name shows as stored. Only where
 * names are shown: a form that edits an ingredient's name edits the stored one.
 *
 * An ingredient's own other names come first: one that its people gave in the reader's language
 * (`Hüttenkäse` for the Cottage cheese, German) is the name a German reader sees, before the
 * table's, on every page. The app fetches them with the table (setOwnNamesSource: every ingredient
 * that goes by another name in the language), and again after an ingredient's names changed
 * (forgetOwnNames); an ingredient read with its other names names itself (useIngredientDisplayName).
 */
import { i18n } from "@lingui/core";
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { Language } from "./languages.ts";
import { currentLanguage } from "./runtime.ts";

type Namer = (name: string) => string;
/** A language's module: its table, ready to read (./food-name-table.ts: namer). */
type Module = { default: Namer };

/** One dynamic import a language: each table is its own chunk, fetched when asked for. */
const TABLES: Record<Language, () => Promise<Module>> = {
  en: () => import("virtual:food-names/en"),
  de: () => import("virtual:food-names/de"),
  fr: () => import("virtual:food-names/fr"),
  es: () => import("virtual:food-names/es"),
  it: () => import("virtual:food-names/it"),
  nl: () => import("virtual:food-names/nl"),
  pt: () => import("virtual:food-names/pt"),
  sv: () => import("virtual:food-names/sv"),
  da: () => import("virtual:food-names/da"),
  nb: () => import("virtual:food-names/nb"),
};

/** The tables fetched, ready to read. */
const namers = new Map<Language, Namer>();
/** The fetches under way or done: a language's table is fetched once (again after a failure). */
const fetches = new Map<Language, Promise<void>>();
const listeners = new Set<() => void>();
/** Each language's names as shown (own names, then the table's), made once per change (activeNamer). */
const shown = new Map<Language, Namer>();
const notify = () => {
  shown.clear();
  for (const listener of listeners) listener();
};

/** The ingredients that go by another name in a language: stored name (lower case) → that name. */
export type OwnNames = ReadonlyMap<string, string>;
let ownSource: ((language: Language) => Promise<OwnNames>) | undefined;
const ownNames = new Map<Language, OwnNames>();
const ownFetches = new Map<Language, Promise<void>>();

/** Where the instance's own names come from (the app's API client: lib/api/own-names.ts; none: the table's alone). */
export function setOwnNamesSource(source: ((language: Language) => Promise<OwnNames>) | undefined): void {
  ownSource = source;
  forgetOwnNames();
}

/** An ingredient's names changed: the own names are read again when next shown. */
export function forgetOwnNames(): void {
  ownNames.clear();
  ownFetches.clear();
  notify();
}

/** Fetches `language`'s own names once; a failure (offline) leaves them out until the next call. */
function loadOwnNames(language: Language): void {
  if (!ownSource || ownFetches.has(language)) return;
  const fetch = ownSource(language).then(
    (names) => {
      if (ownFetches.get(language) !== fetch) return; // forgotten meanwhile
      ownNames.set(language, names);
      notify();
    },
    () => {
      ownFetches.delete(language);
    },
  );
  ownFetches.set(language, fetch);
}

/**
 * Fetches `language`'s table unless it is here or on its way; the components that show names
 * re-render when it arrives. Rejects when the fetch fails (offline before it was ever fetched): the
 * names show as stored, and the next call tries again.
 */
export function loadFoodNames(language: Language): Promise<void> {
  loadOwnNames(language);
  let fetch = fetches.get(language);
  if (!fetch) {
    fetch = TABLES[language]().then(
      (module) => {
        namers.set(language, module.default);
        notify();
      },
      (error: unknown) => {
        fetches.delete(language);
        throw error;
      },
    );
    fetches.set(language, fetch);
  }
  return fetch;
}

/** A change of language (Lingui's) or a table's arrival. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = i18n.on("change", listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

const asStored: Namer = (name) => name;
const activeNamer = (): Namer => {
  const language = currentLanguage();
  const table = namers.get(language);
  const own = ownNames.get(language);
  if (!own?.size) return table ?? asStored;
  let namer = shown.get(language);
  if (!namer) {
    namer = (name) => own.get(name.trim().toLowerCase()) ?? (table ? table(name) : name);
    shown.set(language, namer);
  }
  return namer;
};

/**
 * The function that gives an ingredient's name as the active language shows it (its name as stored
 * until the language's table is here, and when the table does not have it). Components using it
 * re-render when the language changes or its table arrives; the first that renders before the table
 * is here asks for it, after the page is shown.
 */
export function useIngredientName(): (name: string) => string {
  const named = useSyncExternalStore(subscribe, activeNamer, activeNamer);
  const language = currentLanguage();
  const missing = !namers.has(language) || (ownSource !== undefined && !ownFetches.has(language));
  useEffect(() => {
    if (missing) loadFoodNames(language).catch(() => undefined);
  }, [missing, language]);
  return named;
}

/** An ingredient as far as its name goes: its stored name and the other names it goes by (API: IngredientRead). */
export type NamedIngredient = {
  name: string;
  other_names?: readonly { name: string; language: Language | null }[];
};

/** The ingredient's own other name in `language` (the first by name), or undefined when it has none. */
export function otherNameIn(ingredient: NamedIngredient, language: Language): string | undefined {
  let first: string | undefined;
  for (const other of ingredient.other_names ?? []) {
    if (other.language !== language) continue;
    if (first === undefined || other.name.localeCompare(first, language) < 0) first = other.name;
  }
  return first;
}

/**
 * The function that gives an ingredient's name as the active language shows it: its own other name
 * in that language where it has one, else the built-in table's (useIngredientName), else as stored.
 * Re-renders like useIngredientName, and on any change of language.
 */
export function useIngredientDisplayName(): (ingredient: NamedIngredient) => string {
  const named = useIngredientName();
  const language = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return useCallback(
    (ingredient: NamedIngredient) => otherNameIn(ingredient, language) ?? named(ingredient.name),
    [named, language],
  );
}
