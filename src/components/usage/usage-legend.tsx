import { useTranslations } from 'next-intl';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CATEGORIES } from './format';

/**
 * What each usage category means in words, and which figures are credits and which money: the page
 * never adds yuan (the activity's "Charged") and credits into one figure.
 */
export function UsageLegend() {
  const t = useTranslations('usageLegend');
  const names = useTranslations('usage.categories');
  return (
    <Card data-testid="usage-legend">
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {CATEGORIES.map((c) => (
            <div key={c.key} className="min-w-0" data-testid={`usage-legend-${c.key}`}>
              <dt className="flex items-center gap-2 text-sm font-medium text-slate-900">
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-sm"
                  style={{ backgroundColor: c.color }}
                />
                {names(`${c.key}.label`)}
              </dt>
              <dd className="mt-0.5 pl-[18px] text-sm break-words text-slate-600">{t(`categories.${c.key}`)}</dd>
            </div>
          ))}
        </dl>
        <div className="space-y-1.5 rounded-lg bg-slate-50 px-3 py-2.5 text-sm text-slate-600 ring-1 ring-inset ring-slate-200/70">
          <p data-testid="usage-legend-credits">{t('credits')}</p>
          <p data-testid="usage-legend-money">{t('money')}</p>
          <p>{t('api')}</p>
        </div>
      </CardBody>
    </Card>
  );
}
