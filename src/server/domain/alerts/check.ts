import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import {
  accounts,
  alertMarks,
  alertRules,
  ledgerEntries,
  tenants,
  usageDaily,
  type AlertRule,
} from '@/server/db/schema';
import { fireOnce, rearm, subjectOf, type Crossing } from './fire';
import { periodStartDay, periodStartInstant } from './periods';

/** The mark of a member whose dedicated credits ran out (one per member, whichever rule watches it). */
export const MEMBER_CAP_RULE = 'member_credits';

type RuleRow = AlertRule & { poolCredits: number; memberCredits: number | null; memberShared: boolean | null };

/** A check's verdict on one subject: crossed (fire) or not (re-arm a fired mark, where that applies). */
interface Verdict {
  crossing: Crossing;
  crossed: boolean;
  /** A periodic rule re-arms by itself when its period changes. */
  rearms: boolean;
}

const key = (tenantId: string, subject: string, rule: string) => `${tenantId}|${subject}|${rule}`;

async function spendSince(db: Db, rule: AlertRule, since: string): Promise<number> {
  if (!rule.accountId) {
    const [row] = await db
      .select({ spent: sql<string | null>`sum(${usageDaily.credits})` })
      .from(usageDaily)
      .where(and(eq(usageDaily.tenantId, rule.tenantId), gte(usageDaily.day, since)));
    return Number(row?.spent ?? 0);
  }
  const [row] = await db
    .select({ spent: sql<string | null>`sum(-${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.tenantId, rule.tenantId),
        eq(ledgerEntries.actorAccountId, rule.accountId),
        inArray(ledgerEntries.kind, ['charge', 'refund']),
        gte(ledgerEntries.createdAt, periodStartInstant(since)),
      ),
    );
  return Number(row?.spent ?? 0);
}

/** Dedicated members of these tenants, with their credits and whether their last movement was a charge. */
async function dedicatedMembers(db: Db, tenantIds: string[]) {
  if (tenantIds.length === 0) return [];
  const last = db
    .select({ kind: ledgerEntries.kind })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.accountId, accounts.id))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return db
    .select({
      id: accounts.id,
      tenantId: accounts.tenantId,
      credits: accounts.credits,
      spentOut: sql<boolean>`coalesce((${last}) = 'charge', false)`,
    })
    .from(accounts)
    .where(and(inArray(accounts.tenantId, tenantIds), eq(accounts.shared, false), eq(accounts.disabled, false)));
}

async function verdicts(db: Db, rules: RuleRow[], now: Date): Promise<Verdict[]> {
  const out: Verdict[] = [];
  const capTenants = new Set<string>();
  const capMembers = new Set<string>();
  for (const r of rules) {
    const who = { tenantId: r.tenantId, accountId: r.accountId };
    if (r.kind === 'balance_low') {
      if (r.accountId && r.memberShared !== false) continue; // a shared member spends the pool: the tenant's rule watches it
      const value = r.accountId ? (r.memberCredits ?? 0) : r.poolCredits;
      out.push({
        crossed: value < r.threshold,
        rearms: true,
        crossing: {
          ...who,
          type: 'balance.low',
          mark: `balance_low:${r.threshold}`,
          crossing: 'fired',
          rule: 'balance_low',
          threshold: r.threshold,
          value,
        },
      });
    } else if (r.kind === 'spend_threshold' && r.period) {
      const since = periodStartDay(r.period, now);
      const value = await spendSince(db, r, since);
      out.push({
        crossed: value > r.threshold,
        rearms: false,
        crossing: {
          ...who,
          type: 'spend.threshold',
          mark: `spend_threshold:${r.period}:${r.threshold}`,
          crossing: since,
          rule: 'spend_threshold',
          threshold: r.threshold,
          value,
          period: r.period,
          since,
        },
      });
    } else if (r.kind === 'cap_reached') {
      if (r.accountId) capMembers.add(r.accountId);
      else capTenants.add(r.tenantId);
    }
  }
  const members = await dedicatedMembers(db, [
    ...new Set(rules.filter((r) => r.kind === 'cap_reached').map((r) => r.tenantId)),
  ]);
  for (const m of members) {
    if (!capTenants.has(m.tenantId) && !capMembers.has(m.id)) continue;
    out.push({
      // Run out by spending: a member given no credits at all has not reached a cap.
      crossed: m.credits <= 0 && m.spentOut,
      rearms: m.credits > 0,
      crossing: {
        tenantId: m.tenantId,
        accountId: m.id,
        type: 'cap.reached',
        mark: `cap:${MEMBER_CAP_RULE}`,
        crossing: 'fired',
        rule: MEMBER_CAP_RULE,
        threshold: 0,
        value: m.credits,
      },
    });
  }
  return out;
}

/**
 * The worker's alert check (`check-alerts`, every few seconds): reads every rule's current value
 * (balances, the period's spend from the usage rollup or the member's ledger rows) after the charges
 * have committed, fires what crossed and re-arms what went back. Nothing of this runs on a request's
 * path. Several workers may run it at once: `fireOnce` lets exactly one of them fire a crossing.
 * Returns how many alerts this run fired.
 */
export async function checkAlerts(
  ctx: { db: Db; config: Pick<Config, 'mail' | 'secret'> },
  now = new Date(),
): Promise<number> {
  const rules: RuleRow[] = await ctx.db
    .select({
      id: alertRules.id,
      tenantId: alertRules.tenantId,
      accountId: alertRules.accountId,
      kind: alertRules.kind,
      threshold: alertRules.threshold,
      period: alertRules.period,
      createdAt: alertRules.createdAt,
      poolCredits: tenants.credits,
      memberCredits: accounts.credits,
      memberShared: accounts.shared,
    })
    .from(alertRules)
    .innerJoin(tenants, eq(tenants.id, alertRules.tenantId))
    .leftJoin(accounts, eq(accounts.id, alertRules.accountId));
  if (rules.length === 0) return 0;
  const marks = await ctx.db
    .select()
    .from(alertMarks)
    .where(
      and(inArray(alertMarks.tenantId, [...new Set(rules.map((r) => r.tenantId))]), isNotNull(alertMarks.firedIn)),
    );
  const fired = new Map(marks.map((m) => [key(m.tenantId, m.subject, m.rule), m.firedIn]));
  let count = 0;
  for (const v of await verdicts(ctx.db, rules, now)) {
    const c = v.crossing;
    const state = fired.get(key(c.tenantId, subjectOf(c), c.mark));
    if (v.crossed) {
      if (state === c.crossing) continue;
      if (await fireOnce(ctx.db, ctx.config, c)) count += 1;
      fired.set(key(c.tenantId, subjectOf(c), c.mark), c.crossing);
    } else if (v.rearms && state) {
      await rearm(ctx.db, c, c.mark);
    }
  }
  return count;
}
