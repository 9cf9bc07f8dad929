/**
 * How amounts are written for this person (CONTRACT.md: languages and units): as the recipe's
 * author wrote them, or in metric or US measures. A signed-in person's choice is the account's
 * (`units`, saved with PUT /users/preferences, so it follows them to every device); a visitor's stays
 * on this device. Read by the recipe page (its switch, and `?units=&lang=` of the recipe it reads)
 * and the account page.
 */
import { useSyncExternalStore } from "react";
import { type Language, useT } from "../i18n/index.ts";
import type { Schemas } from "./api/client.ts";
import { useAccount, useSavePreferences } from "./api/users.ts";
import { useAuth } from "./auth.ts";

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
  const device = useSyncExternalStore(onDeviceChange, deviceUnits);
  const save = useSavePreferences();
  const account = session ? me.data?.units : undefined;
  const setUnits = (units: Units) => {
    localStorage.setItem(DEVICE_KEY, units);
    for (const listener of listeners) listener();
    if (session) save.mutate({ units });
  };
  // While a change is on its way the person sees what they chose, not the account's answer before it.
  const units = (save.isPending && save.variables?.units) || (account ?? device);
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
