'use client';

import { keepPreviousData } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, type Ref } from 'react';
import { videoTaskStates, type VideoTaskState } from '@/contracts/videos';
import { trpc } from '@/trpc/react';
import { ArrowLeftIcon, ArrowRightIcon, VideoIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { FilterGroup } from '@/components/console/filter-group';
import { pendingPollMs, useJobEvents } from '@/components/jobs/job-feed';
import { LiveIndicator } from '@/components/jobs/live-indicator';
import { videoListInput } from './reads';
import { VideoTaskCard } from './video-task-card';
import { isActive, pageCount, rangeText, stateName, type VideoTask } from './video-model';

type Filter = VideoTaskState | 'all';

interface VideoTasksProps {
  filter: Filter;
  page: number;
  onFilter: (filter: Filter) => void;
  onPage: (page: number) => void;
  ref?: Ref<HTMLElement>;
}

/** The caller's video tasks, newest first, a page at a time, kept current by the job feed. */
export function VideoTasks({ filter, page, onFilter, onPage, ref }: VideoTasksProps) {
  const t = useTranslations('videos.tasks');
  const states = useTranslations('videos.states');
  const filters: { value: Filter; label: string }[] = [
    { value: 'all', label: t('all') },
    ...videoTaskStates.map((s) => ({ value: s, label: stateName(s, states) })),
  ];
  const utils = trpc.useUtils();
  const input = videoListInput(filter === 'all' ? undefined : filter, page);
  // A video task is a job with the same id: its events say when to read the task again.
  const feed = useJobEvents((type, job) => {
    const shown = utils.videos.get.getData(input)?.tasks?.some((t) => t.id === job.id);
    if (shown) void utils.videos.get.invalidate({ id: job.id });
    if (shown || type !== 'job.updated') void utils.videos.get.invalidate(input);
  });
  const query = trpc.videos.get.useQuery(input, {
    placeholderData: keepPreviousData,
    // Without the feed, unfinished tasks are re-read on a timer instead (slowly while it is live).
    refetchInterval: (q) => (q.state.data?.tasks?.some((t) => isActive(t.state)) ? pendingPollMs(feed) : false),
  });
  const remove = trpc.videos.remove.useMutation({
    onSettled: () => {
      void utils.videos.get.invalidate();
      void utils.session.me.invalidate();
    },
  });

  const tasks: VideoTask[] = query.data?.tasks ?? [];
  const total = query.data?.total ?? 0;
  const pages = pageCount(total, input.page_size);
  // The last task of the last page went (deleted, or moved to another state): show the page before.
  const beyond = query.isSuccess && !query.isPlaceholderData && total > 0 && page > pages;
  useEffect(() => {
    if (beyond) onPage(pages);
  }, [beyond, pages, onPage]);

  return (
    <section ref={ref} aria-labelledby="video-tasks-heading" className="min-w-0 scroll-mt-20 space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="video-tasks-heading" className="text-base font-semibold text-slate-900">
          {t('heading')}
        </h2>
        <LiveIndicator state={feed} />
      </div>
      <FilterGroup
        label={t('filter')}
        options={filters}
        value={filter}
        onChange={(f) => {
          onFilter(f);
          onPage(1);
        }}
        className="w-fit max-w-full flex-wrap"
        optionClassName="px-2.5"
      />

      <ListState
        query={query}
        empty={tasks.length === 0}
        loading={<ListSkeleton label={t('loading')} rows={3} />}
        placeholder={
          <EmptyState
            icon={VideoIcon}
            title={filter === 'all' ? t('empty') : t('emptyState', { state: filter })}
            description={filter === 'all' ? t('emptyHint') : t('emptyStateHint')}
            action={
              filter !== 'all' ? (
                <Button variant="secondary" onClick={() => onFilter('all')}>
                  {t('showAll')}
                </Button>
              ) : undefined
            }
          />
        }
      >
        <ul className="space-y-4" data-testid="video-tasks">
          {tasks.map((task) => (
            <li key={task.id}>
              <VideoTaskCard task={task} onRemove={(t) => remove.mutateAsync({ id: t.id })} />
            </li>
          ))}
        </ul>
      </ListState>

      {total > 0 && (
        <nav aria-label={t('pages')} className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-xs text-slate-500 tabular-nums" aria-live="polite">
            {rangeText(page, input.page_size, tasks.length, total, {
              none: t('none'),
              range: (span) => t('range', span),
            })}{' '}
            · {t('page', { page, pages })}
          </p>
          <div className="flex gap-2">
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPage(page - 1)}
              disabled={page <= 1}
              aria-label={t('previous')}
            >
              <ArrowLeftIcon className="size-4" />
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => onPage(page + 1)}
              disabled={page >= pages}
              aria-label={t('next')}
            >
              <ArrowRightIcon className="size-4" />
            </Button>
          </div>
        </nav>
      )}
    </section>
  );
}
