import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AlertListView, AlertSettingsView, SaveAlertSettingsInput } from '@/contracts/alerts';
import { accounts, alertEvents, alertRules, alertSettings, type AlertEvent } from '@/server/db/schema';
import type { ScopedIdentity, TenantIdentity } from '@/server/domain/auth/identity';
import { checkCallbackUrl, ownHosts } from '@/server/domain/callbacks/address';
import type { Deps } from '@/server/domain/deps';
import { fieldError } from '@/server/errors';

type Ctx = Pick<Deps, 'db' | 'config'>;

/** The tenant's thresholds and alert webhook address. */
export async function getAlertSettings({ db }: Pick<Deps, 'db'>, who: TenantIdentity): Promise<AlertSettingsView> {
  const [settings] = await db.select().from(alertSettings).where(eq(alertSettings.tenantId, who.tenantId));
  const rules = await db
    .select()
    .from(alertRules)
    .where(eq(alertRules.tenantId, who.tenantId))
    .orderBy(alertRules.kind, alertRules.createdAt);
  return {
    ok: true,
    webhook_url: settings?.webhookUrl ?? null,
    rules: rules.map((r) => ({
      id: r.id,
      kind: r.kind,
      threshold: r.kind === 'cap_reached' ? 0 : r.threshold,
      period: r.period,
      account_id: r.accountId,
    })),
  };
}

/** Refuses what the tables would take but cannot mean anything: twice the same rule, another tenant's member. */
async function checkRules(db: Deps['db'], tenantId: string, input: SaveAlertSettingsInput): Promise<void> {
  const seen = new Set<string>();
  input.rules.forEach((r, i) => {
    const key = `${r.account_id ?? ''}|${r.kind}|${r.period ?? ''}`;
    if (seen.has(key))
      throw fieldError(['rules', i], 'the same threshold is set twice (member, kind and period): keep one');
    seen.add(key);
  });
  const ids = [...new Set(input.rules.map((r) => r.account_id).filter((id): id is string => !!id))];
  if (ids.length === 0) return;
  const found = await db
    .select({ id: accounts.id, shared: accounts.shared })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), inArray(accounts.id, ids)));
  const byId = new Map(found.map((a) => [a.id, a]));
  input.rules.forEach((r, i) => {
    if (!r.account_id) return;
    const member = byId.get(r.account_id);
    if (!member) throw fieldError(['rules', i, 'account_id'], 'no member of yours has this id');
    if (r.kind !== 'spend_threshold' && member.shared)
      throw fieldError(
        ['rules', i, 'account_id'],
        'this member spends the tenant pool (shared): set the tenant’s threshold, or give the member dedicated credits',
      );
  });
}

/**
 * Replaces the tenant's thresholds and webhook address in one transaction. A rule kept with the same
 * threshold keeps its armed state (its mark is named by the threshold), so saving again does not
 * fire it twice; a new threshold starts armed.
 */
export async function saveAlertSettings(ctx: Ctx, who: TenantIdentity, input: SaveAlertSettingsInput) {
  if (input.webhook_url) {
    const verdict = await checkCallbackUrl(input.webhook_url, {
      allowPrivate: ctx.config.allowPrivateCallbacks,
      ownHosts: ownHosts(ctx.config),
    });
    if (!verdict.ok)
      throw fieldError(['webhook_url'], `${verdict.reason}: alert webhooks go only to public http(s) addresses`);
  }
  await checkRules(ctx.db, who.tenantId, input);
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(alertSettings)
      .values({ tenantId: who.tenantId, webhookUrl: input.webhook_url })
      .onConflictDoUpdate({
        target: alertSettings.tenantId,
        set: { webhookUrl: input.webhook_url, updatedAt: new Date() },
      });
    await tx.delete(alertRules).where(eq(alertRules.tenantId, who.tenantId));
    if (input.rules.length > 0)
      await tx.insert(alertRules).values(
        input.rules.map((r) => ({
          tenantId: who.tenantId,
          accountId: r.account_id ?? null,
          kind: r.kind,
          threshold: r.kind === 'cap_reached' ? 0 : r.threshold,
          period: r.kind === 'spend_threshold' ? (r.period ?? null) : null,
        })),
      );
  });
  return getAlertSettings(ctx, who);
}

const viewOf = (a: AlertEvent): AlertListView['alerts'][number] => ({
  id: a.id,
  type: a.type,
  rule: a.rule,
  account_id: a.accountId,
  key_id: a.keyId,
  threshold: a.threshold,
  value: a.value,
  period: a.period,
  period_start: a.periodStart,
  event_id: a.eventId,
  mails: a.mails,
  webhook_state: a.webhookState,
  fired_at: a.firedAt.toISOString(),
});

/** The alerts fired, newest first: all of the tenant's for its admin, a member's own for a member key. */
export async function listAlerts(
  { db }: Pick<Deps, 'db'>,
  who: ScopedIdentity,
  input: { limit: number },
): Promise<AlertListView> {
  const rows = await db
    .select()
    .from(alertEvents)
    .where(
      who.kind === 'member'
        ? and(eq(alertEvents.tenantId, who.tenantId), eq(alertEvents.accountId, who.accountId))
        : eq(alertEvents.tenantId, who.tenantId),
    )
    .orderBy(desc(alertEvents.id))
    .limit(input.limit);
  return { ok: true, alerts: rows.map(viewOf) };
}
