import { and, eq } from 'drizzle-orm';
import { createTranslator } from 'use-intl/core';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh-CN.json';
import type { Db } from '@/server/db/client';
import { accounts, consoleUsers, type AlertEventType } from '@/server/db/schema';
import { mailLocale, type MailLocale } from '@/server/mail/messages';

export interface AlertMailFacts {
  type: AlertEventType;
  tenantName: string;
  member: string | null;
  rule: string;
  threshold: number | null;
  value: number | null;
  /** The spend threshold's period and the day it began (Asia/Shanghai). */
  period: string | null;
  since: string | null;
  firedAt: Date;
}

export interface Recipient {
  to: string;
  locale: MailLocale;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const KEY: Record<AlertEventType, 'balanceLow' | 'spendThreshold' | 'capReached'> = {
  'balance.low': 'balanceLow',
  'spend.threshold': 'spendThreshold',
  'cap.reached': 'capReached',
};

/**
 * Who an alert is mailed to: every tenant admin of the tenant, each in the console language they
 * chose, and for a member's alert also the member's own address, in the language of the tenant's
 * first admin (a member has no language of its own).
 */
export async function alertRecipients(db: Db, tenantId: string, accountId: string | null): Promise<Recipient[]> {
  const admins = await db
    .select({ email: consoleUsers.email, locale: consoleUsers.locale })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.tenantId, tenantId), eq(consoleUsers.kind, 'tenant_admin')))
    .orderBy(consoleUsers.createdAt);
  const list: Recipient[] = admins.map((a) => ({ to: a.email, locale: mailLocale(a.locale) }));
  if (accountId) {
    const [member] = await db
      .select({ email: accounts.email })
      .from(accounts)
      .where(and(eq(accounts.id, accountId), eq(accounts.tenantId, tenantId)));
    const seen = new Set(list.map((r) => r.to.toLowerCase()));
    if (member && !seen.has(member.email.toLowerCase()))
      list.push({ to: member.email, locale: list[0]?.locale ?? 'en' });
  }
  return list;
}

/** An alert's mail in the reader's language, from the `mail.alert` catalogue. */
export function alertMail(locale: MailLocale, facts: AlertMailFacts) {
  const t = createTranslator({ locale, messages: locale === 'en' ? en : zh, namespace: 'mail.alert' });
  const who = facts.member ?? facts.tenantName;
  const values = {
    who,
    tenant: facts.tenantName,
    threshold: facts.threshold ?? 0,
    value: facts.value ?? 0,
    period: facts.period ?? 'other',
    since: facts.since ?? '',
    rule: facts.rule,
  };
  const key = KEY[facts.type];
  const subject = t(`${key}.subject`, values);
  const body = t(`${key}.body`, values);
  const when = t('when', { at: facts.firedAt.toISOString() });
  const lines = [t('greeting'), '', body, '', when, '', t('settings'), '', t('signature')];
  const html = `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif;color:#0f172a;line-height:1.6">
${lines
  .filter((l) => l !== '')
  .map((l) => `<p>${escapeHtml(l)}</p>`)
  .join('\n')}
</body></html>`;
  return { subject, text: lines.join('\n'), html };
}
