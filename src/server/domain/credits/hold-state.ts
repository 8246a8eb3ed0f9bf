import { randomUUID } from 'node:crypto';
import type { UsageCategory } from '@/server/db/schema';

/** The in-memory state of a chat hold (holds.ts) and what is read from it. */

export interface HoldWallet {
  tenantId: string;
  /** null: the tenant pool; otherwise that member's dedicated credits. */
  accountId: string | null;
}

/** One request's exact charge, written to the ledger with the others of its batch. */
export interface HeldCharge {
  amount: number;
  category: UsageCategory;
  ref: string;
  note: string;
  actorAccountId: string | null;
}

export interface QueuedCharge extends HeldCharge {
  seq: number;
}

export interface Hold {
  wallet: HoldWallet;
  /** The `credit_holds` row; a new one after the hold was given back. */
  id: string;
  /** Credits the row holds, as this process knows it (it alone changes the row while it lives). */
  size: number;
  /** The bounds of the requests admitted and not yet settled. */
  reserved: number;
  /** Exact charges settled here and not yet written. */
  pending: number;
  queue: QueuedCharge[];
  writing: Promise<void> | null;
  growing: Promise<void> | null;
  /** The next growth's size: doubles while grows follow each other within a second. */
  step: number;
  grownAt: number;
  /**
   * The wallet had little to give at the last growth (less than four times what was asked): the hold
   * gives its free part back after every request, so other processes and spends can use it.
   */
  scarce: boolean;
  shrinking: Promise<void> | null;
  usedAt: number;
  renewedAt: number;
  /** The row was not found when its charges were written (it expired and was swept): no longer used. */
  lost: boolean;
  /** Set when the hold is being given back: admissions make a new one. */
  closed: boolean;
  /** Given back: a charge settled after that (a request cut at shutdown) is taken from the wallet directly. */
  released: boolean;
  /** What the wallet had free (credits less held) at the last growth. */
  avail: number;
}

export interface HoldTicket {
  readonly hold: Hold;
  readonly bound: number;
  done: boolean;
}

export const free = (h: Hold) => h.size - h.reserved - h.pending;

export const shapeOf = (w: HoldWallet): 't' | 'a' => (w.accountId ? 'a' : 't');
export const walletValues = (h: Hold) => ({ tenant: h.wallet.tenantId, account: h.wallet.accountId, hold: h.id });

/** A new hold of `wallet`, holding nothing yet: its row is written by its first growth. */
export function openHold(wallet: HoldWallet): Hold {
  const now = Date.now();
  return {
    wallet: { tenantId: wallet.tenantId, accountId: wallet.accountId },
    id: randomUUID(),
    size: 0,
    reserved: 0,
    pending: 0,
    queue: [],
    writing: null,
    growing: null,
    step: 0,
    grownAt: 0,
    scarce: false,
    shrinking: null,
    usedAt: now,
    renewedAt: now,
    lost: false,
    closed: false,
    released: false,
    avail: 0,
  };
}
