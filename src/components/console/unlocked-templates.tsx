import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon, TemplatesIcon } from '@/components/icons';
import { SampleImage } from '@/components/templates/sample-image';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/list-state';

type Template = RouterOutputs['templates']['list']['templates'][number];

/** The templates the buyer's Overview lists, as the page prefetches them (the query keys must match). */
export const BUYER_TEMPLATES_INPUT = { source: 'platform' } as const;

/** Templates a claim code unlocked for this account: gated ones it may now use, images first. */
export function unlockedTemplates(rows: Template[]): Template[] {
  return rows
    .filter((t) => t.gated && !t.locked && t.active)
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'image' ? -1 : 1));
}

/** The unlocked templates as cards, or a word on where they will appear. */
export function TemplateGrid({ rows }: { rows: Template[] }) {
  const t = useTranslations('overview.unlocked');
  if (rows.length === 0) {
    return (
      <EmptyState
        icon={TemplatesIcon}
        data-testid="your-templates-empty"
        title={t('emptyTitle')}
        description={t('emptyBody')}
        action={
          <Link href="/templates" className={buttonClasses('primary', 'md')}>
            {t('browse')}
          </Link>
        }
      />
    );
  }
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {rows.map((row) => (
        <li key={row.id}>
          <UnlockedTemplate template={row} />
        </li>
      ))}
    </ul>
  );
}

function UnlockedTemplate({ template }: { template: Template }) {
  const t = useTranslations('overview.unlocked');
  const article = template.type === 'article';
  const slug = encodeURIComponent(template.slug);
  const href = article ? `/articles?template=${slug}` : `/playground?template=${slug}`;
  const action = article ? t('writeCopy') : t('usePlayground');
  return (
    <article
      className="flex h-full min-w-0 flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200/80 transition-shadow hover:shadow-md"
      data-testid="your-template"
      data-slug={template.slug}
    >
      <SampleImage
        src={template.sample_images[0]}
        name={template.zh_name}
        kind={article ? 'article' : 'image'}
        className="aspect-[16/9] sm:aspect-[4/3]"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 p-4">
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={article ? 'amber' : 'indigo'}>{article ? t('article') : t('image')}</Badge>
          {template.ratio && <Badge>{template.ratio}</Badge>}
        </div>
        <h3
          className="line-clamp-2 text-base leading-snug font-semibold break-words text-slate-900"
          title={template.zh_name}
        >
          {template.zh_name}
        </h3>
        {template.description && (
          <p className="line-clamp-2 text-sm leading-6 break-words text-slate-500">{template.description}</p>
        )}
        <div className="mt-auto pt-2">
          <Link
            href={href}
            className={buttonClasses('primary', 'sm', 'w-full sm:w-auto')}
            aria-label={t('actionLabel', { action, name: template.zh_name })}
          >
            {action}
            <ArrowRightIcon className="size-3.5" />
          </Link>
        </div>
      </div>
    </article>
  );
}
