'use client';

import { useDeferredValue, useState } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArticlesIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { SearchBox } from '@/components/ui/search-box';
import { LoadMore } from '@/components/console/load-more';
import { FormatBadge } from './article-result';
import { HistoryDetail } from './history-detail';
import type { ArticleAgain, ArticleTemplate } from './use-article-form';

type Summary = RouterOutputs['article']['history']['articles'][number];

const PAGE_SIZE = 20;

interface ArticleHistoryProps {
  /** The writer's templates, for the input's field labels. */
  templates: readonly ArticleTemplate[];
  onWriteAgain: (from: ArticleAgain) => void;
}

/** Every article kept for the caller (a member: its own), newest first, searchable; one opens in full. */
export function ArticleHistory({ templates, onWriteAgain }: ArticleHistoryProps) {
  const t = useTranslations('articles.history');
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const [open, setOpen] = useState<string | null>(null);
  const query = trpc.article.history.useInfiniteQuery(
    { limit: PAGE_SIZE, ...(q ? { q } : {}) },
    { getNextPageParam: (last) => last.next_cursor ?? undefined },
  );
  const rows = query.data?.pages.flatMap((p) => p.articles) ?? [];

  return (
    <section aria-labelledby="article-history-title" className="space-y-4" data-testid="article-history">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h2 id="article-history-title" className="text-lg font-semibold text-slate-900">
            {t('title')}
          </h2>
          <p className="mt-1 text-sm text-slate-500">{t('description')}</p>
        </div>
        <SearchBox
          label={t('search')}
          value={search}
          onChange={setSearch}
          placeholder={t('searchPlaceholder')}
          className="sm:w-80"
        />
      </div>

      <ListState
        query={query}
        empty={rows.length === 0}
        loading={<ListSkeleton label={t('title')} rows={3} />}
        placeholder={
          <EmptyState
            icon={ArticlesIcon}
            data-testid="article-history-empty"
            title={q ? t('noMatchTitle') : t('emptyTitle')}
            description={q ? t('noMatch', { q }) : t('empty')}
          />
        }
      >
        <ul className="space-y-2" aria-label={t('title')}>
          {rows.map((a) => (
            <li key={a.id}>
              <HistoryRow article={a} open={open === a.id} onToggle={() => setOpen(open === a.id ? null : a.id)} />
              {open === a.id && (
                <HistoryDetail
                  id={a.id}
                  templates={templates}
                  onWriteAgain={(from) => {
                    onWriteAgain(from);
                    window.scrollTo({ top: 0, behavior: 'smooth' });
                  }}
                />
              )}
            </li>
          ))}
        </ul>
        <LoadMore query={query} end={t('end', { count: rows.length })} />
      </ListState>
    </section>
  );
}

function HistoryRow({ article, open, onToggle }: { article: Summary; open: boolean; onToggle: () => void }) {
  const t = useTranslations('articles.history');
  const format = useFormatter();
  const failed = article.status === 'failed';
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-expanded={open}
      data-testid="article-history-row"
      data-status={article.status}
      className={cn(
        'flex w-full flex-col gap-1.5 rounded-xl bg-white px-4 py-3 text-left shadow-sm ring-1 ' +
          'ring-slate-200/80 transition-colors hover:bg-slate-50 focus-visible:outline-2 ' +
          'focus-visible:outline-indigo-600',
        open && 'rounded-b-none ring-slate-300',
      )}
    >
      <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-500">
        <FormatBadge format={article.format} />
        {failed && <Badge tone="rose">{t('failed')}</Badge>}
        <span className="min-w-0 break-words">{article.template_name}</span>
        <time dateTime={article.created_at} className="ml-auto shrink-0 tabular-nums">
          {format.dateTime(new Date(article.created_at), 'minute')}
        </time>
      </span>
      <span className="text-sm font-medium break-words text-slate-900" data-testid="article-history-title">
        {failed ? t('notWritten') : article.title}
      </span>
      {(failed ? article.topic : article.excerpt) && (
        <span className="line-clamp-2 text-sm break-words text-slate-500">
          {failed ? article.topic : article.excerpt}
        </span>
      )}
    </button>
  );
}
