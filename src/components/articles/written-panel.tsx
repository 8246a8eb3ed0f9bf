'use client';

import type { Ref } from 'react';
import { useTranslations } from 'next-intl';
import { ArticlesIcon } from '@/components/icons';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EmptyResult, ResultsColumn } from '@/components/fields/workbench';
import { ArticleResult, FormatBadge, type WrittenArticle } from './article-result';
import { formatLabel } from './formats';

interface WrittenPanelProps {
  /** Copy written in this visit, newest first. */
  written: WrittenArticle[];
  /** Writing now, in this format. */
  pending: boolean;
  format: string | null;
  ref?: Ref<HTMLElement>;
}

/** The newest copy in full (or a placeholder while it is written), the earlier ones folded below. */
export function WrittenPanel({ written, pending, format, ref }: WrittenPanelProps) {
  const t = useTranslations('articles.panel');
  const [latest, ...earlier] = written;
  const folded = pending ? written : earlier;
  return (
    <ResultsColumn
      label={t('label')}
      ref={ref}
      earlier={folded}
      keyOf={(a) => a.id}
      renderEarlier={(a) => <EarlierArticle article={a} />}
      earlierClassName="space-y-2"
    >
      <div aria-live="polite" className="sr-only">
        {pending ? t('writing') : latest ? t('written', { title: latest.title }) : ''}
      </div>
      {pending ? (
        <WritingPlaceholder format={format} />
      ) : latest ? (
        <ArticleResult key={latest.id} article={latest} />
      ) : (
        <EmptyResult icon={ArticlesIcon} title={t('emptyTitle')}>
          {t('emptyBody')}
        </EmptyResult>
      )}
    </ResultsColumn>
  );
}

/** An earlier piece, folded to its format and title. */
function EarlierArticle({ article }: { article: WrittenArticle }) {
  const t = useTranslations('articles.panel');
  return (
    <details className="group rounded-xl bg-white shadow-sm ring-1 ring-slate-200/80 open:ring-slate-300">
      <summary
        className={
          'flex cursor-pointer list-none items-center gap-3 rounded-xl px-4 py-3 focus-visible:outline-2 ' +
          'focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden'
        }
      >
        <FormatBadge format={article.format} />
        <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-800">{article.title}</span>
        <span className="shrink-0 text-xs text-slate-500 group-open:hidden">{t('show')}</span>
        <span className="hidden shrink-0 text-xs text-slate-500 group-open:inline">{t('hide')}</span>
      </summary>
      <div className="px-2 pb-2">
        <ArticleResult article={article} headingLevel={3} />
      </div>
    </details>
  );
}

function WritingPlaceholder({ format }: { format: string | null }) {
  const t = useTranslations('articles');
  return (
    <Card className="overflow-hidden" aria-busy="true" data-testid="article-writing">
      <div className="flex items-center gap-3 border-b border-slate-100 px-4 py-3 sm:px-5">
        <Spinner className="size-4 text-indigo-600" />
        <p className="text-sm font-medium text-slate-700">
          {t('panel.writingFormat', { format: formatLabel(format, (key) => t(`formats.${key}`)).toLowerCase() })}
        </p>
        <p className="ml-auto text-xs text-slate-500">{t('panel.usually')}</p>
      </div>
      <div className="space-y-4 px-4 py-6 sm:px-6">
        <div className="h-6 w-2/3 animate-pulse rounded bg-slate-100" />
        <div className="space-y-2">
          {[100, 95, 98, 80, 92, 60].map((w, i) => (
            <div key={i} className="h-3.5 animate-pulse rounded bg-slate-100" style={{ width: `${w}%` }} />
          ))}
        </div>
      </div>
    </Card>
  );
}
