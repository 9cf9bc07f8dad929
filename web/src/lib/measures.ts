/**
 * How amounts are written for this person (CONTRACT.md: languages and units): as the recipe's
 * author wrote them, or in metric or US measures. A signed-in person's choice is the account's
 * (`units`, saved with PUT /users/preferences, so it follows them to every device); a visitor's stays
 * on this device. Read by the recipe page (its switch, and `?units=&lang=` of the recipe it reads),
 * the account page, and the shopping list (its switch; `measuresNow` and `onMeasuresChange` for the
 * reads of a list, which happen outside React: features/shopping-lists/api/queries.ts).
 */
import { i18n } from "@lingui/core";
import type { QueryClient } from "@tanstack/react-query";
import { useState, useSyncExternalStore } from "react";
import { currentLanguage, type Language, useT } from "../i18n/index.ts";
import type { Schemas } from "./api/client.ts";
import { accountQueries, useAccount, useSavePreferences } from "./api/users.ts";
import { auth, useAuth } from "./auth.ts";

export type Units = NonNullable<Schemas["UserPreferencesUpdate"]["units"]>;

/** What a read asks amounts in (`?units=&lang=`): metric or US, in the app's language's words. */
export type Measures = { units: Exclude<Units, "as_written">; lang: Language };
export const UNITS: readonly Units[] = ["as_written", "metric", "us"];

const DEVICE_KEY = "recipes.units";
const listeners = new Set<() => void>();
const isUnits = (value: unknown): value is Units => UNITS.includes(value as Units);
const deviceUnits = (): Units => {
  const kept = localStorage.getItem(DEVICE_KEY);
  return isUnits(kept) ? kept : "as_written";
};
const onDeviceChange = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export type UnitsState = { units: Units; setUnits: (units: Units) => void; saved: boolean; error: unknown };

/** The person's measures and the way to change them (saved to the account when signed in). */
export function useUnits(): UnitsState {
  const { session } = useAuth();
  const me = useAccount(session);
  // No choice on the server (the first screens drawn at build time): as written until the page runs.
  const device = useSyncExternalStore(onDeviceChange, deviceUnits, () => "as_written" as const);
  const save = useSavePreferences();
  const account = session ? me.data?.units : undefined;
  // While a change is on its way the person sees what they chose, from the tap on (the save's own
  // pending state comes a moment later, and the radio would spring back meanwhile), not the account's
  // units before it; once it is answered, the account's (after an error, the old ones, and the error).
  const [chosen, setChosen] = useState<Units | null>(null);
  const setUnits = (units: Units) => {
    localStorage.setItem(DEVICE_KEY, units);
    for (const listener of listeners) listener();
    if (!session) return;
    setChosen(units);
    save.mutate({ units }, { onSettled: () => setChosen((now) => (now === units ? null : now)) });
  };
  const units = chosen ?? account ?? device;
  return { units, setUnits, saved: save.isSuccess, error: save.error };
}

/** What a read asks for: `units` in `lang`'s words, or undefined for amounts as written. */
export const measuresFor = (units: Units, lang: Language): Measures | undefined =>
  units === "as_written" ? undefined : { units, lang };

/** The measures a recipe is read in for this person (a page without the switch: cook mode). */
export function useMeasures(): Measures | undefined {
  const { units } = useUnits();
  const { language } = useT();
  return measuresFor(units, language);
}

/**
 * The person's units outside React (a query function, a live message), from what `useUnits` reads:
 * the signed-in account's as `queryClient` has it, else this device's. A choice on its way to the
 * account counts once the account answers with it (`useUnits` shows it at once; a read made
 * meanwhile would still be in the units the account has).
 */
export function unitsNow(queryClient: QueryClient): Units {
  const session = auth.state().session;
  const account = session
    ? queryClient.getQueryData(accountQueries.me(session.userId).queryKey)?.units
    : undefined;
  return account ?? deviceUnits();
}

/** What a read made now asks for (`measuresFor` of `unitsNow`, in the app's language). */
export const measuresNow = (queryClient: QueryClient): Measures | undefined =>
  measuresFor(unitsNow(queryClient), currentLanguage());

/** The measures as one text, to compare two (`as_written` for none). */
export const measuresKey = (measures: Measures | undefined): string =>
  measures ? `${measures.units}:${measures.lang}` : "as_written";

/**
 * Calls `listener` whenever `measuresNow` may answer otherwise: this device's choice, the language,
 * the session, or the account as `queryClient` has it (read, saved, read again). Returns the way to
 * stop. The listener is called often with nothing changed: compare `measuresKey`s.
 */
export function onMeasuresChange(queryClient: QueryClient, listener: () => void): () => void {
  const stops = [
    onDeviceChange(listener),
    i18n.on("change", listener),
    auth.subscribe(listener),
    queryClient.getQueryCache().subscribe(({ query }) => {
      if (query.queryKey[0] === accountQueries.all[0]) listener();
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
