import type { Db } from '@/server/db/client';
import type { KeyGrant } from '@/server/domain/auth/identity';
import { closeStreamSlot, STREAM_SLOT_MS, takeSlots } from '@/server/domain/keys/concurrency';
import { adjustSpend, takeSpend } from '@/server/domain/keys/spend-cap';
import { keyStreams } from '@/server/db/schema';
import { logger } from '@/server/logger';

/*
 * A chat request made with a key whose policy has `max_concurrent` or `spend_cap`: before any upstream
 * call, one transaction takes a slot (counted with the key's jobs in progress) and adds the request's
 * bound to the key's spend in the period, refusing (429, 402) when either is full; once the answer
 * ends, the slot is freed and the spend corrected to the exact charge. Keys without these rules never
 * come here: their chat admission has no database round trip.
 */

export interface KeyTaken {
  keyId: string;
  /** The `key_streams` row (null: no `max_concurrent`). */
  slot: string | null;
  /** The `key_spend` period the bound was added to (null: no `spend_cap`). */
  period: string | null;
}

/** Whether the key's chat requests go through the database first. */
export const keyGated = (grant: KeyGrant) =>
  grant.policy?.max_concurrent !== undefined || grant.policy?.spend_cap !== undefined;

/** Takes the key's slot and its spend for the bound, in one transaction (429 or 402 when refused). */
export function takeForKey(db: Db, grant: KeyGrant, bound: number): Promise<KeyTaken> {
  return db.transaction(async (tx) => {
    let slot: string | null = null;
    if (grant.policy?.max_concurrent !== undefined) {
      await takeSlots(tx, grant, 1);
      const [row] = await tx
        .insert(keyStreams)
        .values({ keyId: grant.id, expiresAt: new Date(Date.now() + STREAM_SLOT_MS) })
        .returning({ id: keyStreams.id });
      slot = row?.id ?? null;
    }
    const period = await takeSpend(tx, grant, bound);
    return { keyId: grant.id, slot, period };
  });
}

/** Frees the slot and replaces the bound by the exact charge in the key's spend (after the answer). */
export function releaseForKey(db: Db, taken: KeyTaken, bound: number, charged: number): void {
  const work = async () => {
    await closeStreamSlot(db, taken.slot);
    if (taken.period) await adjustSpend(db, taken.keyId, taken.period, charged - bound);
  };
  work().catch((err: unknown) => logger.warn({ err, key: taken.keyId }, 'key slot or spend not released'));
}
