'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { auditValue, changedFields } from '@/lib/audit-diff';
import { Badge } from '@/components/ui/badge';
import type { RouterOutputs } from '@/trpc/react';

export type AuditEntry = RouterOutputs['admin']['auditList']['entries'][number];

/** Between a field's old and new value; screen readers hear the catalogue's word instead. */
const ARROW = '\u2192';
const ACTORS = {
  'admin-key': 'adminKey',
  'operator-console': 'operatorConsole',
  studio: 'studio',
  'tenant-key': 'tenantKey',
  'tenant-console': 'tenantConsole',
  'member-key': 'memberKey',
} as const;
const actorKey = (actor: string) => (actor in ACTORS ? ACTORS[actor as keyof typeof ACTORS] : null);

type Words = ReturnType<typeof useTranslations<'operatorAudit'>>;

/** An action, object kind or field in the page's language; one newer than the catalogue as the API names it. */
export const auditLabel = (t: Words, group: 'actions' | 'kinds' | 'fields', id: string) =>
  t.has(`${group}.${id}` as 'actions.tenant-create') ? t(`${group}.${id}` as 'actions.tenant-create') : id;

/** Audit rows: when, who, what on which object, and each changed field as before → after. */
export function AuditEntries({ entries, showTenant = true }: { entries: readonly AuditEntry[]; showTenant?: boolean }) {
  const t = useTranslations('operatorAudit');
  const format = useFormatter();
  // Actions, objects and fields in the reader's language; a name the catalogue lacks stays as the API names it.
  const label = (group: 'actions' | 'kinds' | 'fields', id: string) => auditLabel(t, group, id);
  const value = (v: unknown) =>
    v === 'issued' || v === true || v === false ? t(`values.${String(v) as 'issued'}`) : auditValue(v);
  /** Who acted by name: the operator's e-mail, the key (REST, or a key session in the console), or the command line. */
  const actorName = (e: AuditEntry) =>
    e.actor_name === 'command line'
      ? t('actors.commandLine')
      : (e.actor_name ?? (e.actor === 'admin-key' || e.actor === 'operator-console' ? t('actors.keyName') : ''));
  return (
    <ul className="divide-y divide-slate-100" data-testid="audit-entries">
      {entries.map((e) => {
        const changes = changedFields(e.before, e.after);
        const actor = actorKey(e.actor);
        return (
          <li
            key={e.id}
            className="space-y-1.5 px-5 py-3 text-sm"
            data-audit-action={e.action}
            data-audit-actor={e.actor}
          >
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <span className="font-semibold text-slate-900">{label('actions', e.action)}</span>
              <code className="font-mono text-xs text-slate-500">{e.action}</code>
              <Badge tone={e.actor === 'operator-console' ? 'indigo' : 'slate'}>
                {actor ? t(`actors.${actor}`) : e.actor}
              </Badge>
              <span className="text-xs font-medium break-all text-slate-700" data-testid="audit-actor-name">
                {actorName(e)}
              </span>
              {e.target_kind && (
                <span className="text-xs text-slate-500">
                  {t('target', {
                    kind: label('kinds', e.target_kind),
                    id: e.target_kind === 'tenant' && e.tenant_name ? e.tenant_name : (e.target_id ?? '—'),
                  })}
                </span>
              )}
              {showTenant && e.tenant_id && e.target_kind !== 'tenant' && (
                <Link href={`/operator/tenants/${e.tenant_id}`} className="text-xs text-indigo-700 hover:underline">
                  {e.tenant_name ?? e.tenant_id}
                </Link>
              )}
              <span className="ml-auto text-xs text-slate-500 tabular-nums">
                {format.dateTime(new Date(e.at), 'minute')}
              </span>
            </div>
            {changes.length > 0 ? (
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
                {changes.map((c) => (
                  <div key={c.field} className="contents">
                    <dt className="text-slate-500" title={c.field}>
                      {label('fields', c.field)}
                    </dt>
                    <dd className="min-w-0 break-words text-slate-700">
                      <span className="text-slate-500 line-through decoration-slate-300">{value(c.before)}</span>
                      <span aria-hidden="true" className="px-1.5 text-slate-400">
                        {ARROW}
                      </span>
                      <span className="sr-only"> {t('becomes')} </span>
                      <span className="font-medium text-slate-900">{value(c.after)}</span>
                    </dd>
                  </div>
                ))}
              </dl>
            ) : (
              <p className="text-xs text-slate-500">{t('noChange')}</p>
            )}
            {typeof e.body?.reason === 'string' && (
              <p className="text-xs break-words text-slate-700" data-testid="audit-reason">
                {t('reason', { reason: e.body.reason })}
              </p>
            )}
            {e.request_id && (
              <p className="font-mono text-[11px] text-slate-500">{t('request', { id: e.request_id })}</p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
