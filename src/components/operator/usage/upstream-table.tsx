import { useFormatter, useTranslations } from 'next-intl';
import { formatCny, formatCredits, formatRate } from '@/components/usage/format';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { formatUsd, type PlatformUsage } from './model';

/** A failure rate at or above this is shown in red. */
const HIGH_FAILURE_RATE = 0.2;

/** Per channel over the window: jobs served, attempts, failures, what was billed for its work beside what it cost, and the markup. */
export function UpstreamTable({ report }: { report: PlatformUsage }) {
  const t = useTranslations('operatorUsage.channels');
  const format = useFormatter();
  if (report.channels.length === 0)
    return <p className="rounded-xl bg-white p-5 text-sm text-slate-500 ring-1 ring-slate-200">{t('empty')}</p>;
  const numbers = [
    'jobs',
    'attempts',
    'failures',
    'failureRate',
    'billed',
    'billedCny',
    'providerCost',
    'markup',
  ] as const;
  return (
    <Card className="overflow-hidden">
      {/* Wider than a phone: the region scrolls, and takes focus so a keyboard can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t('caption')}>
        <table className="w-full min-w-[64rem] text-left text-sm" data-testid="platform-channels">
          <caption className="sr-only">{t('caption')}</caption>
          <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-500">
            <tr>
              <th scope="col" className="py-2.5 pr-3 pl-5 font-medium">
                {t('channel')}
              </th>
              <th scope="col" className="py-2.5 pr-3 font-medium">
                {t('provider')}
              </th>
              {numbers.map((n) => (
                <th key={n} scope="col" className="py-2.5 pr-3 text-right font-medium whitespace-nowrap last:pr-5">
                  {t(n)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {report.channels.map((c) => (
              <tr key={c.channel} data-channel={c.channel} className="text-slate-700">
                <th
                  scope="row"
                  className="py-2.5 pr-3 pl-5 text-left font-mono text-xs font-medium break-all text-slate-900"
                >
                  {c.channel}
                </th>
                <td className="py-2.5 pr-3 text-xs">{c.provider}</td>
                <td className="py-2.5 pr-3 text-right tabular-nums" data-field="jobs">
                  {formatCredits(format, c.jobs)}
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums" data-field="attempts">
                  {formatCredits(format, c.attempts)}
                </td>
                <td
                  className={cn('py-2.5 pr-3 text-right tabular-nums', c.failures === 0 && 'text-slate-500')}
                  data-field="failures"
                >
                  {formatCredits(format, c.failures)}
                </td>
                <td
                  className={cn(
                    'py-2.5 pr-3 text-right font-medium tabular-nums',
                    (c.failure_rate ?? 0) >= HIGH_FAILURE_RATE ? 'text-rose-600' : 'text-slate-700',
                  )}
                  data-field="failure-rate"
                >
                  {formatRate(c.failure_rate)}
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums" data-field="billed">
                  {formatCredits(format, c.billed_credits)}
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums" data-field="billed-cny">
                  {formatCny(format, c.billed_cny)}
                </td>
                <td className="py-2.5 pr-3 text-right tabular-nums" data-field="provider-cost">
                  {formatUsd(format, c.provider_cost_usd)}
                </td>
                <td className="py-2.5 pr-5 text-right font-medium tabular-nums" data-field="markup">
                  {c.markup === null ? '—' : `×${format.number(c.markup, { maximumFractionDigits: 2 })}`}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
