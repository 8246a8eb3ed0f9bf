import type { Db } from '@/server/db/client';
import { HOLD_TTL_MS, releaseStatement, renewStatement } from './hold-statements';
import { logger } from '@/server/logger';
import {
  free,
  openHold,
  shapeOf,
  walletValues,
  type HeldCharge,
  type Hold,
  type HoldTicket,
  type HoldWallet,
} from './hold-state';
import { chargeHold, growHold, shrinkHold } from './hold-writes';

/**
 * Chat holds: how a serving process admits chat requests without a database round trip each.
 *
 * A chat request must be refused before any upstream call when its wallet cannot cover the most it
 * may cost, and the balance must never go negative. Reserving that bound in the database on every
 * request put a round trip before the first byte and two statements (reserve, settle) on every
 * request. Instead, a process sets credits aside in a wallet once (its *hold*: the wallet's `held`
 * column and a `credit_holds` row, in one statement) and admits requests against it in memory: a
 * request's bound is taken from the hold's free part, and its exact charge, once known, is queued and
 * written with the others of the same few milliseconds in one statement, which takes the credits out
 * of the balance and out of the hold together and writes one ledger row per request. The hold grows
 * ahead of need (doubling while requests keep coming, never more than a quarter of what the wallet
 * has free at the time) and is given back after a quiet spell, at shutdown, or, when its process
 * died, by the sweep once it has expired.
 *
 * Every other spend takes only the wallet's credits outside its holds (ledger.ts), so a held credit is
 * always there when its charge is written: the balance cannot go negative, and the ledger's rows still
 * sum to the balance (a hold is not a movement). Every statement of a hold (hold-statements.ts, written by
 * hold-writes.ts) locks the wallet's row first, as every other writer of a wallet does.
 */

export type { HeldCharge, HoldTicket, HoldWallet } from './hold-state';

export interface CreditHoldOptions {
  /** How long charges wait to be written with others (0: at the next turn of the event loop). */
  settleMs: number;
  /** A hold without requests for this long is given back. */
  idleMs: number;
}

/** The holds of one process on one database. */
export class CreditHolds {
  private holds = new Map<string, Hold>();
  private timer: NodeJS.Timeout | null = null;
  private housekeeping: NodeJS.Timeout;
  private seq = 0;

  constructor(
    private readonly db: Db,
    private readonly opts: CreditHoldOptions,
  ) {
    this.housekeeping = setInterval(() => void this.tidy(), Math.min(1_000, opts.idleMs));
    this.housekeeping.unref();
  }

  /**
   * Admits a request that may cost up to `bound` credits of `wallet`: from the hold's free part when
   * it covers it (no database round trip), otherwise after growing the hold. Null when the wallet's
   * free credits cannot cover `bound`: refuse the request (nothing was taken).
   */
  async admit(wallet: HoldWallet, bound: number): Promise<HoldTicket | null> {
    for (;;) {
      const h = this.holdOf(wallet);
      if (free(h) >= bound) {
        h.reserved += bound;
        h.usedAt = Date.now();
        // Grown ahead of need: the next requests find it ready.
        if (!h.growing && !h.scarce && free(h) < h.step / 2) void growHold(this.db, h, 0).catch(() => undefined);
        return { hold: h, bound, done: false };
      }
      if (h.growing) {
        await h.growing;
        continue;
      }
      const before = h.size;
      await growHold(this.db, h, bound - free(h));
      if (h.size === before && free(h) < bound && !h.growing) return null;
    }
  }

  /**
   * Settles an admitted request at its exact charge: the rest of the bound is free again at once, and
   * the charge is written with others within `settleMs`. Once per ticket. A charge above the bound (the
   * upstream billed more than was admitted) is taken all the same: from the hold's free part, else once
   * the hold has grown by what it lacks, as far as the wallet's free credits go (never below zero).
   */
  settle(ticket: HoldTicket, charge: HeldCharge): void {
    if (ticket.done) return;
    ticket.done = true;
    const h = ticket.hold;
    h.usedAt = Date.now();
    const amount = Math.max(0, Math.ceil(charge.amount));
    if (amount - ticket.bound > free(h) && !h.closed && !h.lost) {
      this.settleBeyond(ticket, charge, amount);
      return;
    }
    h.reserved -= ticket.bound;
    this.queueCharge(h, charge, amount);
  }

  /** Settlements above their bound waiting for their hold to grow: a read of their tenant waits for them. */
  private beyond = new Set<{ tenantId: string; done: Promise<void> }>();

  /**
   * Keeps the bound reserved while the hold grows by what the charge lacks (by what the wallet has
   * free when that is less), then queues the charge, or the part of it the hold covers: the rest is
   * logged as not taken, since no balance may go negative.
   */
  private settleBeyond(ticket: HoldTicket, charge: HeldCharge, amount: number): void {
    const h = ticket.hold;
    const tenantId = h.wallet.tenantId;
    this.countUnwritten(tenantId, 1);
    const lack = () => amount - ticket.bound - free(h);
    const entry = { tenantId, done: Promise.resolve() };
    entry.done = (async () => {
      try {
        let asked = false;
        for (let tries = 0; tries < 4 && lack() > 0; tries++) {
          if (h.growing) {
            await h.growing;
            continue;
          }
          // First what it lacks; when the wallet had less free than that, what it had.
          const want = asked ? Math.min(lack(), h.avail) : lack();
          if (want <= 0) break;
          asked = true;
          await growHold(this.db, h, want);
        }
      } catch (err) {
        logger.warn({ err, hold: h.id }, 'could not grow a chat hold for a charge above its bound');
      }
      h.reserved -= ticket.bound;
      const taken = Math.min(amount, Math.max(0, free(h)));
      if (taken < amount)
        logger.error(
          { tenant: tenantId, ref: charge.ref, amount, taken },
          'a chat charge above its bound was taken only in part: the wallet could not cover the rest',
        );
      this.countUnwritten(tenantId, -1);
      this.queueCharge(h, charge, taken);
    })().finally(() => this.beyond.delete(entry));
    this.beyond.add(entry);
  }

  private queueCharge(h: Hold, charge: HeldCharge, amount: number): void {
    if (amount > 0) {
      h.pending += amount;
      h.queue.push({ ...charge, amount, seq: this.seq++ });
      this.countUnwritten(h.wallet.tenantId, 1);
    }
    // What the charge keeps is counted first: only the truly free part goes back.
    if (h.scarce && !h.closed && !h.lost) shrinkHold(this.db, h);
    if (amount === 0) return;
    if (h.released) {
      // Tracked until written, so a read that waits for the tenant's charges waits for this one too.
      this.leaving.add(h);
      if (!h.writing) void this.writeHold(h);
    } else if (!this.timer) {
      this.timer = setTimeout(() => void this.write(), this.opts.settleMs);
    }
  }

  /** Writes every queued charge now; resolves when those of `tenantId` (or all) are written. */
  async written(tenantId?: string): Promise<void> {
    const late = [...this.beyond].filter((b) => tenantId === undefined || b.tenantId === tenantId);
    if (late.length > 0) await Promise.all(late.map((b) => b.done));
    for (let tries = 0; tries < 5; tries++) {
      const busy = this.busy(tenantId);
      if (busy.length === 0) return;
      await this.write();
      await Promise.all(busy.map((h) => h.writing ?? Promise.resolve()));
    }
  }

  /** True when charges of `tenantId` (or any) wait to be written: a map look-up, on every API call. */
  hasPending(tenantId?: string): boolean {
    return tenantId === undefined ? this.unwritten.size > 0 : this.unwritten.has(tenantId);
  }

  /** Charges queued or being written, by tenant (only tenants with some). */
  private unwritten = new Map<string, number>();

  private countUnwritten(tenantId: string, delta: number): void {
    const n = (this.unwritten.get(tenantId) ?? 0) + delta;
    if (n > 0) this.unwritten.set(tenantId, n);
    else this.unwritten.delete(tenantId);
  }

  /** The holds of `tenantId` (or all) with charges queued or being written. */
  private busy(tenantId?: string): Hold[] {
    const out: Hold[] = [];
    for (const set of [this.holds.values(), this.leaving]) {
      for (const h of set)
        if ((tenantId === undefined || h.wallet.tenantId === tenantId) && (h.queue.length > 0 || h.writing))
          out.push(h);
    }
    return out;
  }

  /**
   * Writes what is queued and gives every hold back (shutdown, after the web server's drain): a
   * request still admitted `waitMs` later was cut, and is charged to the wallet directly if it settles.
   */
  async close(waitMs = 5_000): Promise<void> {
    clearInterval(this.housekeeping);
    await this.written();
    const all = [...this.holds.values()];
    this.holds.clear();
    await Promise.all(all.map((h) => this.release(h, waitMs)));
  }

  /** Holds given back while requests admitted from them were still in flight: written, then released. */
  private leaving = new Set<Hold>();

  private holdOf(wallet: HoldWallet): Hold {
    const key = wallet.accountId ? `a:${wallet.accountId}` : `t:${wallet.tenantId}`;
    let h = this.holds.get(key);
    if (!h || h.lost || h.closed) {
      h = openHold(wallet);
      this.holds.set(key, h);
    }
    return h;
  }

  /** Writes the queued charges of every hold (one statement per hold). */
  private write(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const work: Promise<void>[] = [];
    for (const h of [...this.holds.values(), ...this.leaving]) {
      if (h.queue.length === 0 || h.writing) continue;
      work.push(this.writeHold(h));
    }
    return Promise.all(work).then(() => undefined);
  }

  private writeHold(h: Hold): Promise<void> {
    const rows = h.queue;
    h.queue = [];
    const total = rows.reduce((n, r) => n + r.amount, 0);
    h.writing = chargeHold(this.db, h, rows)
      .then(() => {
        h.pending -= total;
        this.countUnwritten(h.wallet.tenantId, -rows.length);
      })
      .catch((err: unknown) => {
        // Kept (in order) and tried again: the credits stay held meanwhile, so nothing else can take them.
        h.queue = [...rows, ...h.queue];
        logger.error({ err, hold: h.id, charges: rows.length }, 'could not write chat charges; retrying');
        this.timer ??= setTimeout(() => void this.write(), 1_000);
      })
      .finally(() => {
        h.writing = null;
        if (h.queue.length === 0) {
          if (h.released) this.leaving.delete(h);
          return;
        }
        if (h.released) void this.writeHold(h);
        else this.timer ??= setTimeout(() => void this.write(), this.opts.settleMs);
      });
    return h.writing;
  }

  /**
   * Gives `h` back once nothing admitted from it is in flight (waiting at most `waitMs`); its queued
   * charges are written first. A request still in flight after that is charged to the wallet directly.
   */
  private async release(h: Hold, waitMs = Number.POSITIVE_INFINITY): Promise<void> {
    h.closed = true;
    this.leaving.add(h);
    const deadline = Date.now() + waitMs;
    try {
      while ((h.reserved > 0 && Date.now() < deadline) || h.queue.length > 0 || h.writing || h.growing || h.shrinking) {
        if (h.queue.length > 0 && !h.writing) await this.writeHold(h);
        else await (h.writing ?? h.growing ?? h.shrinking ?? new Promise((r) => setTimeout(r, 50)));
      }
      // A lost hold's row is already gone; one of 0 credits is deleted all the same.
      if (!h.lost) await releaseStatement(this.db, shapeOf(h.wallet), walletValues(h));
    } catch (err) {
      logger.warn({ err, hold: h.id }, 'could not give a chat hold back; it is given back when it expires');
    } finally {
      h.lost = true;
      h.released = true;
      this.leaving.delete(h);
    }
  }

  /** Every second: gives quiet holds back and renews the others before they expire. */
  private async tidy(): Promise<void> {
    const now = Date.now();
    const renew: string[] = [];
    for (const [key, h] of this.holds) {
      if (
        h.reserved === 0 &&
        h.queue.length === 0 &&
        !h.writing &&
        !h.growing &&
        !h.shrinking &&
        now - h.usedAt >= this.opts.idleMs
      ) {
        this.holds.delete(key);
        void this.release(h);
      } else if (now - h.renewedAt >= HOLD_TTL_MS / 4) {
        h.renewedAt = now;
        renew.push(h.id);
      }
    }
    if (renew.length > 0) {
      await renewStatement(this.db, 'renew', { ids: JSON.stringify(renew) }).catch((err: unknown) =>
        logger.warn({ err }, 'could not renew chat holds'),
      );
    }
  }
}
