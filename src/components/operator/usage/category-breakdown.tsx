import { useFormatter, useTranslations } from 'next-intl';
import { CATEGORIES, formatCredits, formatRate } from '@/components/usage/format';
import { Card } from '@/components/ui/card';
import { share, type PlatformUsage } from './model';

/** The window's credits per category with each one's share of the total and a bar for it. */
export function CategoryBreakdown({ report }: { report: PlatformUsage }) {
  const t = useTranslations('operatorUsage.categories');
  const names = useTranslations('usage.categories');
  const format = useFormatter();
  return (
    <Card className="min-w-0 p-5">
      <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
      <table className="mt-3 w-full text-sm" data-testid="platform-categories">
        <caption className="sr-only">{t('caption')}</caption>
        <thead className="text-xs text-slate-500">
          <tr>
            <th scope="col" className="py-1.5 text-left font-medium">
              {t('category')}
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              {t('credits')}
            </th>
            <th scope="col" className="w-2/5 py-1.5 pl-4 text-right font-medium">
              {t('share')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {CATEGORIES.map((c) => {
            const part = share(report.totals[c.key], report.totals.total);
            return (
              <tr
                key={c.key}
                data-category={c.key}
                className={report.totals[c.key] === 0 ? 'text-slate-500' : 'text-slate-700'}
              >
                <th scope="row" className="py-2 text-left font-normal">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden="true"
                      className="size-2.5 shrink-0 rounded-sm"
                      style={{ backgroundColor: c.color }}
                    />
                    {names(`${c.key}.label`)}
                  </span>
                </th>
                <td className="py-2 text-right font-medium tabular-nums">
                  {formatCredits(format, report.totals[c.key])}
                </td>
                <td className="py-2 pl-4">
                  <div className="flex items-center justify-end gap-2">
                    <div
                      aria-hidden="true"
                      className="hidden h-1.5 flex-1 overflow-hidden rounded-full bg-slate-100 sm:block"
                    >
                      <div
                        className="h-full rounded-full"
                        style={{ width: `${(part ?? 0) * 100}%`, backgroundColor: c.color }}
                      />
                    </div>
                    <span className="w-12 text-right text-xs tabular-nums">{formatRate(part)}</span>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </Card>
  );
}
