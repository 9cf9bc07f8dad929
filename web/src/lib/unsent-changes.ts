/**
 * The changes made offline that were never sent because the person they belong to logged out, or
 * another person logged in on this device (lib/offline.ts drops them then). The shell says so, once,
 * until the person has read it. Kept in memory, apart from lib/offline.ts, so the shell shows it
 * without loading the offline code on every first page.
 */
import { useSyncExternalStore } from "react";
import { currentLanguage, t } from "../i18n/index.ts";

export type UnsentNotice = { id: number; text: string };

let notices: readonly UnsentNotice[] = [];
let lastId = 0;
const listeners = new Set<() => void>();

function set(next: readonly UnsentNotice[]) {
  notices = next;
  for (const listener of listeners) listener();
}

const list = (parts: readonly string[]) =>
  new Intl.ListFormat(currentLanguage(), { style: "long", type: "conjunction" }).format(parts);

/**
 * What the notice says about `count` changes of the person named `name` (their username, when the
 * app knew it). To that person, after they logged out: which changes, one by one (`what`: "ticked
 * “Flour”"). To another person, who logged in on the device: how many and whose only, since another
 * account's lists are not theirs to read.
 */
export function unsentText(count: number, name: string | undefined, what?: readonly string[]): string {
  if (what) {
    return name
      ? t("lib.unsentWhatBy", { count, name, what: list(what) })
      : t("lib.unsentWhat", { count, what: list(what) });
  }
  return name ? t("lib.unsentWaitingFor", { count, name }) : t("lib.unsentAnotherAccount", { count });
}

/** Shows a notice (unsentText's sentence). */
export function noticeUnsent(text: string): void {
  lastId += 1;
  set([...notices, { id: lastId, text }]);
}

/** The person has read it. */
export function dismissUnsent(id: number): void {
  set(notices.filter((n) => n.id !== id));
}

/** Forgets every notice: another person logged in (one account's changes are not another's to read). */
export function clearUnsent(): void {
  if (notices.length > 0) set([]);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The notices, oldest first. */
export function useUnsentChanges(): readonly UnsentNotice[] {
  return useSyncExternalStore(
    subscribe,
    () => notices,
    () => notices,
  );
}
