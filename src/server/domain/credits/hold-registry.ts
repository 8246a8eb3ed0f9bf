import type { Db } from '@/server/db/client';
import { CreditHolds, type CreditHoldOptions } from './holds';

/** Each process's chat holds, one set per database (holds.ts). */

const REGISTRY = Symbol.for('studio.creditHolds');
type WithRegistry = typeof globalThis & { [REGISTRY]?: Map<Db, CreditHolds> };
/** Shared by every copy of this module in the process (the Node server's and the framework's bundle). */
const registry = ((globalThis as WithRegistry)[REGISTRY] ??= new Map<Db, CreditHolds>());

/** This process's holds on `db`. */
export function creditHoldsFor(db: Db, opts: CreditHoldOptions): CreditHolds {
  let holds = registry.get(db);
  if (!holds) {
    holds = new CreditHolds(db, opts);
    registry.set(db, holds);
  }
  return holds;
}

/**
 * Resolves once the chat charges of `tenantId` (every tenant when absent) settled in this process
 * are written: a read of a balance, the ledger or usage that follows a chat answer sees its charge.
 * Costs nothing when none are waiting.
 */
export function chatChargesWritten(tenantId?: string): Promise<void> | null {
  let waits: Promise<void>[] | null = null;
  for (const holds of registry.values()) {
    if (holds.hasPending(tenantId)) (waits ??= []).push(holds.written(tenantId));
  }
  return waits ? Promise.all(waits).then(() => undefined) : null;
}

/** Writes every queued charge and gives every hold back (shutdown, tests). */
export async function closeCreditHolds(): Promise<void> {
  const all = [...registry.values()];
  registry.clear();
  await Promise.all(all.map((h) => h.close()));
}
