'use client';

import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { ArticlesIcon, CoinsIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { ArticleBody } from './article-body';
import { CopyAllButton } from './copy-all-button';
import { articleText, formatLabel, isArticleFormat, type ArticleFormat } from './formats';

export interface WrittenArticle {
  /** Local id of this result in the session. */
  id: string;
  templateSlug: string;
  templateName: string;
  format: ArticleFormat;
  title: string;
  body: string;
  hashtags?: string[];
  credits: number;
  at: Date;
}

const FORMAT_TONE: Record<ArticleFormat, 'rose' | 'emerald' | 'amber' | 'sky'> = {
  xiaohongshu: 'rose',
  wechat: 'emerald',
  detail: 'amber',
  script: 'sky',
};

export function FormatBadge({ format }: { format: string | null | undefined }) {
  const t = useTranslations('articles');
  const tone = isArticleFormat(format) ? FORMAT_TONE[format] : 'slate';
  return (
    <Badge tone={tone} data-format={format ?? undefined}>
      {formatLabel(format, (key) => t(`formats.${key}`))}
    </Badge>
  );
}

/** A format's glyph in its colour, standing in for a thumbnail. */
export function FormatGlyph({ format }: { format: string | null | undefined }) {
  const tone = isArticleFormat(format) ? FORMAT_TONE[format] : 'slate';
  const colours: Record<string, string> = {
    rose: 'bg-rose-50 text-rose-500',
    emerald: 'bg-emerald-50 text-emerald-600',
    amber: 'bg-amber-50 text-amber-600',
    sky: 'bg-sky-50 text-sky-600',
    slate: 'bg-slate-100 text-slate-600',
  };
  return (
    <span className={cn('grid size-full place-items-center', colours[tone])}>
      <ArticlesIcon className="size-1/2 max-h-7 max-w-7" />
    </span>
  );
}

/** One written piece: title, body and hashtags, each with its own copy button, plus "Copy all". */
export function ArticleResult({ article, headingLevel = 2 }: { article: WrittenArticle; headingLevel?: 2 | 3 }) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const t = useTranslations('articles.result');
  const format = useFormatter();
  const hashtags = article.hashtags ?? [];
  return (
    <Card className="overflow-hidden" data-testid="article-result" data-format={article.format}>
      <div className="flex items-start justify-between gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 pt-1 text-xs text-slate-500">
          <FormatBadge format={article.format} />
          <span className="min-w-0 break-words">{article.templateName}</span>
          <span className="inline-flex items-center gap-1" data-testid="article-credits">
            <CoinsIcon className="size-3.5 text-indigo-500" />
            {t('charged', { count: article.credits })}
          </span>
          <time dateTime={article.at.toISOString()}>
            {format.dateTime(article.at, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })}
          </time>
        </div>
        <CopyAllButton value={articleText(article)} />
      </div>

      <div className="space-y-6 px-4 py-5 sm:px-6">
        <Section label={t('title')} copy={<CopyButton value={article.title} label={t('copyTitle')} />}>
          <Title
            className="text-xl leading-8 font-semibold tracking-tight break-words text-slate-900"
            data-testid="article-title"
          >
            {article.title}
          </Title>
        </Section>

        <Section label={t('body')} copy={<CopyButton value={article.body} label={t('copyBody')} />}>
          <ArticleBody body={article.body} />
        </Section>

        {hashtags.length > 0 && (
          <Section label={t('hashtags')} copy={<CopyButton value={hashtags.join(' ')} label={t('copyHashtags')} />}>
            <HashtagList tags={hashtags} />
          </Section>
        )}
      </div>
    </Card>
  );
}

function HashtagList({ tags }: { tags: string[] }) {
  return (
    <ul className="flex flex-wrap gap-1.5" data-testid="article-hashtags">
      {tags.map((tag, i) => (
        <li
          key={`${tag}-${i}`}
          className="rounded-full bg-rose-50 px-2.5 py-1 text-sm font-medium break-words text-rose-700 ring-1 ring-rose-200 ring-inset"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

function Section({ label, copy, children }: { label: string; copy: ReactNode; children: ReactNode }) {
  return (
    <section aria-label={label}>
      <div className="mb-1.5 flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
        {copy}
      </div>
      {children}
    </section>
  );
}
