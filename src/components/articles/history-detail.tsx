'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowUpIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { QueryError } from '@/components/ui/list-state';
import { ArticleResult } from './article-result';
import type { ArticleAgain, ArticleTemplate } from './use-article-form';

type Kept = RouterOutputs['article']['get'];

interface HistoryDetailProps {
  id: string;
  templates: readonly ArticleTemplate[];
  onWriteAgain: (from: ArticleAgain) => void;
}

/** A kept article in full, with copy buttons, what it was written from, and "Write again". */
export function HistoryDetail({ id, templates, onWriteAgain }: HistoryDetailProps) {
  const t = useTranslations('articles.history');
  const query = trpc.article.get.useQuery({ id });
  const a = query.data;
  return (
    <div
      className="space-y-3 rounded-b-xl bg-slate-50 p-3 ring-1 ring-slate-300 sm:p-4"
      data-testid="article-history-detail"
    >
      {query.error ? (
        <QueryError error={query.error} onRetry={query.refetch} />
      ) : !a ? (
        <p className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner /> {t('opening')}
        </p>
      ) : (
        <>
          {a.status === 'failed' ? (
            <ErrorAlert data-testid="article-history-error">
              {t('failedNote', { error: a.error ?? '', count: a.credits })}
            </ErrorAlert>
          ) : (
            <ArticleResult
              headingLevel={3}
              article={{
                id: a.id,
                templateSlug: a.template_slug,
                templateName: a.template_name,
                format: a.format,
                title: a.title ?? '',
                body: a.body ?? '',
                ...(a.hashtags ? { hashtags: a.hashtags } : {}),
                credits: a.credits,
                at: new Date(a.created_at),
              }}
            />
          )}
          <KeptInput article={a} templates={templates} />
          <div className="flex justify-end">
            <Button
              variant="secondary"
              onClick={() => onWriteAgain({ template_slug: a.template_slug, input: a.input })}
              data-testid="article-write-again"
            >
              <ArrowUpIcon className="size-4" />
              {t('writeAgain')}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** What the article was written from: the template, the sentence or each field with its label, and who wrote it when. */
function KeptInput({ article, templates }: { article: Kept; templates: readonly ArticleTemplate[] }) {
  const t = useTranslations('articles.history');
  const format = useFormatter();
  const fields = templates.find((x) => x.slug === article.template_slug)?.fields ?? [];
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label ?? key;
  const input = article.input;
  return (
    <section
      aria-label={t('input')}
      className="rounded-xl bg-white px-4 py-3 text-sm shadow-sm ring-1 ring-slate-200/80"
      data-testid="article-history-input"
    >
      <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{t('input')}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1.5 sm:grid-cols-[minmax(0,10rem)_minmax(0,1fr)]">
        <dt className="text-slate-500">{t('template')}</dt>
        <dd className="break-words text-slate-900">{article.template_name}</dd>
        {typeof input === 'string' ? (
          <>
            <dt className="text-slate-500">{t('sentence')}</dt>
            <dd className="break-words whitespace-pre-wrap text-slate-900">{input}</dd>
          </>
        ) : (
          Object.entries(input ?? {}).map(([key, value]) => (
            <div key={key} className="contents">
              <dt className="break-words text-slate-500">{labelOf(key)}</dt>
              <dd className="break-words whitespace-pre-wrap text-slate-900">{String(value)}</dd>
            </div>
          ))
        )}
        <dt className="text-slate-500">{t('writtenBy')}</dt>
        <dd className="text-slate-900">
          {t(`by.${article.by}`)} · {format.dateTime(new Date(article.created_at), 'minute')}
        </dd>
      </dl>
    </section>
  );
}
