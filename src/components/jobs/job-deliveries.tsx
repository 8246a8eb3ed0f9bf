'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { DeliveryErrorText } from '@/components/webhooks/delivery-error-text';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { JobDetailAnswer } from './job-rerun';
import { useJobTimes } from './job-times';

const TONES = { delivered: 'emerald', failed: 'rose', refused: 'amber' } as const;

/** Every attempt to deliver the job's callback: when, what the receiver answered, how long it took. */
export function JobDeliveries({
  deliveries,
  callbackUrl,
  pending,
  jobId,
}: {
  deliveries: JobDetailAnswer['deliveries'];
  callbackUrl: string | null;
  pending: boolean;
  jobId: string;
}) {
  const t = useTranslations('jobDetail.deliveries');
  const times = useJobTimes();
  return (
    <Card data-testid="job-deliveries">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>
          {callbackUrl
            ? t.rich('to', { url: () => <code className="font-mono text-xs break-all">{callbackUrl}</code> })
            : t('noCallback')}
        </CardDescription>
        {callbackUrl && (
          <Link
            href={`/webhooks?job_id=${jobId}`}
            className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
          >
            {t('historyLink')}
          </Link>
        )}
      </CardHeader>
      {deliveries.length === 0 ? (
        callbackUrl && (
          <p className="px-5 pb-5 text-sm text-slate-500 sm:px-6">{pending ? t('afterFinish') : t('none')}</p>
        )
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="border-y border-slate-100 bg-slate-50 text-xs text-slate-500">
              <tr>
                <th scope="col" className="px-5 py-2 font-medium sm:px-6">
                  {t('attempt')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('outcome')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('status')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('duration')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('at')}
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  {t('error')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {deliveries.map((d) => (
                <tr key={`${d.attempt}-${d.at}`}>
                  <td className="px-5 py-2 tabular-nums sm:px-6">{d.attempt}</td>
                  <td className="px-3 py-2">
                    <Badge tone={TONES[d.outcome]}>{t('outcomes', { outcome: d.outcome })}</Badge>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs">{d.status_code ?? '—'}</td>
                  <td className="px-3 py-2 tabular-nums">{times.elapsed(d.duration_ms)}</td>
                  <td className="px-3 py-2 whitespace-nowrap">
                    <time dateTime={d.at}>{times.full(d.at)}</time>
                  </td>
                  <td className="px-3 py-2 text-slate-600">
                    {d.error ? (
                      <DeliveryErrorText d={{ state: d.outcome, status_code: d.status_code, error: d.error }} />
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
