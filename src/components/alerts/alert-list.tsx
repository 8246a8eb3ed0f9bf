'use client';

import { useTranslations } from 'next-intl';
import type { AlertView } from '@/contracts/alerts';
import { WarningIcon } from '@/components/icons';
import { useJobTimes } from '@/components/jobs/job-times';
import { Badge } from '@/components/ui/badge';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { trpc } from '@/trpc/react';

const WEBHOOK_TONES = { pending: 'slate', delivered: 'emerald', failed: 'rose', refused: 'amber' } as const;

/** A list without pictures: its skeleton's rows have no thumbnail. */
const SKELETON_LEAD = 'none' as const;

/** Every alert fired, newest first: when, what, the value against its threshold, and how it was sent. */
export function AlertList() {
  const t = useTranslations('alerts.list');
  const alerts = trpc.alerts.list.useQuery({ limit: 50 }, { refetchInterval: 15_000 });
  const rows = alerts.data?.alerts ?? [];
  return (
    <section className="space-y-3" aria-labelledby="alerts-fired">
      <Card>
        <CardHeader>
          <CardTitle id="alerts-fired">{t('title')}</CardTitle>
          <CardDescription>{t('description')}</CardDescription>
        </CardHeader>
      </Card>
      <ListState
        query={alerts}
        empty={rows.length === 0}
        loading={<ListSkeleton label={t('loading')} rows={3} lead={SKELETON_LEAD} />}
        placeholder={<EmptyState icon={WarningIcon} title={t('empty')} description={t('emptyHint')} />}
      >
        <ul className="space-y-2" data-testid="alert-list">
          {rows.map((a) => (
            <AlertRow key={a.id} alert={a} />
          ))}
        </ul>
      </ListState>
    </section>
  );
}

function AlertRow({ alert }: { alert: AlertView }) {
  const t = useTranslations('alerts.list');
  const times = useJobTimes();
  return (
    <li className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200" data-testid="alert-row">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="amber" data-type={alert.type}>
          {t('types', { type: alert.type.replace('.', '_') })}
        </Badge>
        <span className="text-slate-500 tabular-nums">{times.full(alert.fired_at)}</span>
      </div>
      <p className="mt-1 text-slate-700">
        {t('value', {
          value: alert.value ?? 0,
          threshold: alert.threshold ?? 0,
          type: alert.type.replace('.', '_'),
        })}
        {alert.period_start && ` · ${t('since', { day: alert.period_start })}`}
        {alert.account_id && ` · ${t('member')}`}
        {alert.key_id && ` · ${t('key', { key: alert.key_id })}`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Badge tone="slate">{t('mails', { n: alert.mails })}</Badge>
        {alert.webhook_state ? (
          <Badge tone={WEBHOOK_TONES[alert.webhook_state]}>{t('webhook', { state: alert.webhook_state })}</Badge>
        ) : (
          <Badge tone="slate">{t('noWebhook')}</Badge>
        )}
      </div>
    </li>
  );
}
