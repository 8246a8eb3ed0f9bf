import type { Db } from '@/server/db/client';
import { logger } from '@/server/logger';
import { recordCredits } from '@/server/metrics/registry';
import { chargeStatement, growStatement, shrinkStatement } from './hold-statements';
import { free, shapeOf, walletValues, type Hold, type QueuedCharge } from './hold-state';
import { moveCredits } from './ledger';

/**
 * What one hold (holds.ts) writes to the database: its growths, the free part a scarce hold gives
 * back, and its batches of charges. Each keeps the hold's in-memory state in step with its row.
 */

/** The most one growth sets aside. */
const MAX_STEP = 10_000_000;

/** Grows `h` by at least `short` (0: ahead of need); one growth at a time per hold. */
export function growHold(db: Db, h: Hold, short: number): Promise<void> {
  const now = Date.now();
  // Doubles while growths follow each other within a second; starts again from the request's need.
  h.step =
    now - h.grownAt < 1_000 ? Math.min(MAX_STEP, Math.max(h.step * 2, short * 4)) : Math.max(short * 4, h.step / 4, 1);
  h.grownAt = now;
  const want = Math.max(short, Math.ceil(h.step));
  h.growing = growStatement<{ granted: number | null; size: number | null; avail: number | null }>(
    db,
    shapeOf(h.wallet),
    { ...walletValues(h), want, short },
  )
    .then(([row]) => {
      const granted = Number(row?.granted ?? 0);
      h.size += granted;
      h.avail = Number(row?.avail ?? 0);
      h.scarce = h.avail < want * 4;
      if (granted > 0) h.renewedAt = Date.now();
    })
    .finally(() => {
      h.growing = null;
    });
  return h.growing;
}

/** Gives the free part of a scarce hold back to its wallet (one shrink at a time per hold). */
export function shrinkHold(db: Db, h: Hold): void {
  if (h.shrinking || h.growing) return;
  const n = free(h);
  if (n <= 0) return;
  // Out of the free part at once, so no admission counts on it meanwhile.
  h.size -= n;
  h.shrinking = shrinkStatement<{ left: number | null }>(db, shapeOf(h.wallet), { ...walletValues(h), n })
    .then(([row]) => {
      if (row?.left === null || row?.left === undefined) h.size += n;
    })
    .catch((err: unknown) => {
      h.size += n;
      logger.warn({ err, hold: h.id }, 'could not give the free part of a chat hold back');
    })
    .finally(() => {
      h.shrinking = null;
    });
}

/**
 * Writes `rows` (taken off the hold's queue) in one statement that takes them out of the balance and
 * out of the hold together; a hold whose row is gone has them taken from the wallet directly.
 */
export async function chargeHold(db: Db, h: Hold, rows: QueuedCharge[]): Promise<void> {
  if (h.lost) {
    await chargeWithoutHold(db, h, rows);
    return;
  }
  const [row] = await chargeStatement<{ credits: number | null }>(db, shapeOf(h.wallet), {
    ...walletValues(h),
    rows: JSON.stringify(
      rows.map((r) => ({
        seq: r.seq,
        amount: r.amount,
        actor: r.actorAccountId,
        ref: r.ref,
        note: r.note,
        category: r.category,
      })),
    ),
  });
  if (row?.credits === null || row?.credits === undefined) {
    // The row expired and was swept (this process could not renew it): its credits are back in
    // the wallet, so these charges are taken from the wallet as any spend, and the hold is replaced.
    h.lost = true;
    // Requests still in flight on it settle as after a release: charged to the wallet directly.
    h.released = true;
    logger.warn(
      { hold: h.id, tenant: h.wallet.tenantId, charges: rows.length },
      'a chat hold was gone when its charges were written; charging the wallet directly',
    );
    await chargeWithoutHold(db, h, rows);
    return;
  }
  h.size -= rows.reduce((n, r) => n + r.amount, 0);
  h.renewedAt = Date.now();
  for (const r of rows) recordCredits('charge', r.category, -r.amount);
}

/** The charges of a hold that is gone: each taken from the wallet like any spend, as far as it goes. */
async function chargeWithoutHold(db: Db, h: Hold, rows: QueuedCharge[]): Promise<void> {
  for (const r of rows) {
    const after = await moveCredits(db, {
      tenantId: h.wallet.tenantId,
      accountId: h.wallet.accountId,
      actorAccountId: r.actorAccountId,
      amount: -r.amount,
      kind: 'charge',
      category: r.category,
      ref: r.ref,
      note: r.note,
    });
    if (after === null)
      logger.error(
        { tenant: h.wallet.tenantId, ref: r.ref, amount: r.amount },
        'a chat charge could not be taken: the wallet no longer covers it',
      );
  }
}
