/**
 * Transactions that compose: a service that opens one inside another's joins it, and work that must
 * follow the commit (afterCommit) waits for the outermost one.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { logger } from "../log.ts";
import type { Db } from "./database.ts";

type OpenTransaction = { trx: Db; effects: (() => Promise<unknown>)[] };

const openTransaction = new AsyncLocalStorage<OpenTransaction>();

/**
 * Runs `work` in one transaction: the one already open in this call chain, so services compose
 * into one unit, or else a new one. What `afterCommit` registers meanwhile runs once the outermost
 * transaction has committed, and never when it rolls back.
 */
export async function transaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  const open = openTransaction.getStore();
  if (open) return work(open.trx);
  const effects: OpenTransaction["effects"] = [];
  const result = await db
    .transaction()
    .execute((trx) => openTransaction.run({ trx, effects }, () => work(trx)));
  await runEffects(effects);
  return result;
}

/** The transaction open in this call chain, if there is one (see transaction()). */
export function openTransactionDb(): Db | undefined {
  return openTransaction.getStore()?.trx;
}

/**
 * Work that must follow the commit of the transaction open in this call chain (deleting the
 * objects of a replaced picture): queued until then, or run at once outside a transaction. The
 * change has committed and the request will succeed, so a failing effect is logged, not thrown;
 * effects that can fail keep their own record of what is left to do (the cleanup outbox).
 */
export function afterCommit(effect: () => Promise<unknown>): void {
  const open = openTransaction.getStore();
  if (open) open.effects.push(effect);
  else throw new Error("afterCommit() needs an open transaction: call it inside transaction().");
}

async function runEffects(effects: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const effect of effects) {
    try {
      await effect();
    } catch (error) {
      logger.error("after_commit_failed", { message: (error as Error).message });
    }
  }
}
