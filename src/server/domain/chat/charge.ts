import { creditHoldsFor } from '@/server/domain/credits/hold-registry';
import type { HoldTicket } from '@/server/domain/credits/holds';
import { insufficientCredits } from '@/server/domain/credits/ledger';
import { tokenSharesFor } from '@/server/domain/limits/token-shares';
import { refusal } from '@/server/domain/limits/rate-limit';
import { AppError } from '@/server/errors';
import { keyGated, releaseForKey, takeForKey, type KeyTaken } from './key-limits';
import { priceOf, type TokenUsage } from './pricing';
import type { ChatCaller, ChatDeps } from './types';

/*
 * What a chat request costs and how it is paid: the rate-limit token and the price's upper bound taken before
 * any upstream call, and the exact charge settled once it ends.
 */

export interface Reservation {
  ref: string;
  /** The most the request may cost: admitted from the process's hold on the wallet. */
  amount: number;
  ticket: HoldTicket;
  /** A key with `max_concurrent` or `spend_cap`: its stream slot and the period its bound was added to. */
  key?: KeyTaken;
}

export const holdsOf = (deps: ChatDeps) =>
  creditHoldsFor(deps.db, { settleMs: deps.config.chat.settleMs, idleMs: deps.config.chat.holdIdleMs });

/**
 * Takes the per-key rate-limit token and admits the upper bound of the request's price before any
 * upstream call (429 or 402 when refused; a refused request takes nothing). Both come from this
 * process's share of the database state, taken ahead of need (src/server/domain/limits/token-shares.ts,
 * src/server/domain/credits/holds.ts): a request waits on the database only when the share is spent.
 */
export async function reserve(deps: ChatDeps, caller: ChatCaller, ref: string, amount: number): Promise<Reservation> {
  const { ratePerMinute } = deps.config.chat;
  const limit =
    ratePerMinute > 0
      ? { key: `chat:${caller.rateKey}`, capacity: ratePerMinute, perMs: 60_000, per: 'minute' as const }
      : undefined;
  const shares = limit ? tokenSharesFor(deps.db) : null;
  if (limit && shares && !(await shares.take(limit))) throw await refusal(deps.db, limit, 1, 'chat requests');
  const ticket = await holdsOf(deps).admit(
    { tenantId: caller.wallet.tenantId, accountId: caller.wallet.accountId ?? null },
    amount,
  );
  if (!ticket) {
    if (limit) shares?.giveBack(limit);
    const e = insufficientCredits(amount);
    throw new AppError(
      'PAYMENT_REQUIRED',
      `${e.message} The reservation counts the prompt's bytes and max_tokens; a lower max_tokens reserves less.`,
    );
  }
  const grant = caller.who.key;
  if (!grant || !keyGated(grant)) return { ref, amount, ticket };
  try {
    return { ref, amount, ticket, key: await takeForKey(deps.db, grant, amount) };
  } catch (err) {
    holdsOf(deps).settle(ticket, { amount: 0, category: 'chat', ref, note: '', actorAccountId: null });
    if (limit) shares?.giveBack(limit);
    throw err;
  }
}

/**
 * Settles the request at its exact charge, once: the rest of its bound is free again at once, and the
 * charge is written to the ledger (one row per request) with the others of the next few milliseconds.
 * A charge above the bound (the upstream reported more) is taken all the same, as far as the wallet goes.
 */
export function settle(deps: ChatDeps, caller: ChatCaller, r: Reservation, charged: number, note: string): void {
  if (r.key) releaseForKey(deps.db, r.key, r.amount, charged);
  holdsOf(deps).settle(r.ticket, {
    amount: charged,
    category: 'chat',
    ref: r.ref,
    note,
    actorAccountId: caller.wallet.actorAccountId ?? null,
  });
}

/** The ledger note of an answered request: its tokens, never the upstream. */
export const tokensNote = (u: TokenUsage, how = 'chat') =>
  `${how}: ${u.prompt_tokens} prompt + ${u.completion_tokens} completion tokens`;

/** The most any family of the plan may cost per 1,000 tokens: the reservation must cover a fallback. */
export function boundPrice(
  deps: ChatDeps,
  families: Iterable<string>,
): { prompt_per_1k: number; completion_per_1k: number } {
  let prompt = 0;
  let completion = 0;
  for (const f of families) {
    const p = priceOf(deps.config, f);
    prompt = Math.max(prompt, p.prompt_per_1k);
    completion = Math.max(completion, p.completion_per_1k);
  }
  return { prompt_per_1k: prompt, completion_per_1k: completion };
}
