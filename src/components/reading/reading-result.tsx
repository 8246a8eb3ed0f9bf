import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ArrowRightIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { PromptBlock } from './prompt-block';
import { SCULPT_PARTS, similarImageHref, type Reading } from './reading';

/** One reading: the image, its name and description, the six parts, tags, prompts and the full text. */
export function ReadingResult({ image, reading }: { image: string; reading: Reading }) {
  const t = useTranslations('reading');
  const ratio = reading.ratio || reading.aspect_ratio;
  return (
    <Card data-testid="reading-result" className="min-w-0">
      <CardBody className="space-y-6">
        <div className="grid gap-5 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)]">
          {/* eslint-disable-next-line @next/next/no-img-element -- uploaded files are served from the deployment's storage */}
          <img
            src={image}
            alt={t('result.image', { name: reading.zh_name })}
            className="max-h-72 w-full rounded-xl bg-slate-100 object-contain ring-1 ring-slate-200"
          />
          <div className="min-w-0 space-y-3">
            <h2 className="text-xl font-semibold text-balance break-words text-slate-900">{reading.zh_name}</h2>
            {reading.description && (
              <p className="text-sm leading-6 text-pretty break-words text-slate-600">{reading.description}</p>
            )}
            <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <div>
                <dt className="text-xs text-slate-500">{t('result.ratio')}</dt>
                <dd className="font-medium text-slate-900 tabular-nums" data-testid="reading-ratio">
                  {ratio}
                </dd>
              </div>
            </dl>
            {reading.style_tags.length > 0 && (
              <ul aria-label={t('result.tags')} className="flex flex-wrap gap-1.5">
                {reading.style_tags.map((tag, i) => (
                  <li key={`${tag}-${i}`}>
                    <Badge tone="indigo" className="whitespace-normal break-words" data-testid="reading-tag">
                      {tag}
                    </Badge>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </div>

        <section aria-label={t('result.sculpt')}>
          <dl className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
            {SCULPT_PARTS.map((part) => (
              <div
                key={part}
                data-testid="sculpt-row"
                className="grid gap-1 px-4 py-3 sm:grid-cols-[8rem_minmax(0,1fr)] sm:gap-4"
              >
                <dt className="text-sm font-medium text-slate-500">{t(`parts.${part}`)}</dt>
                <dd className="min-w-0 text-sm leading-6 break-words text-slate-800">{reading.sculpt[part]}</dd>
              </div>
            ))}
          </dl>
        </section>

        <div className="grid gap-4 xl:grid-cols-2">
          <PromptBlock
            title={t('result.prompt')}
            label={t('result.promptLabel')}
            text={reading.prompt}
            testId="reading-prompt"
          />
          <PromptBlock
            title={t('result.promptCn')}
            label={t('result.promptCnLabel')}
            text={reading.prompt_cn}
            testId="reading-prompt-cn"
          />
        </div>

        <Link href={similarImageHref(reading)} className={buttonClasses('primary', 'md', 'w-full sm:w-auto')}>
          {t('result.similar')}
          <ArrowRightIcon className="size-4" />
        </Link>

        {reading.body_md && (
          <section className="min-w-0 space-y-2">
            <h3 className="text-sm font-medium text-slate-700">{t('result.body')}</h3>
            <pre
              className={
                'max-h-96 overflow-y-auto rounded-xl bg-slate-50 px-4 py-3 font-sans text-sm leading-6 break-words ' +
                'whitespace-pre-wrap text-slate-700 ring-1 ring-slate-200'
              }
            >
              {reading.body_md}
            </pre>
          </section>
        )}
      </CardBody>
    </Card>
  );
}
