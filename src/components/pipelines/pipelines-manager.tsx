'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { trpc } from '@/trpc/react';
import { PipelinesIcon, InfoIcon } from '@/components/icons';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { PageHeader } from '@/components/console/page-header';
import { BindForm } from './bind-form';
import { PipelineRow } from './pipeline-row';
import { useCatalog } from './use-catalog';

/** The workspace's template pipelines (REST: template hooks): image template → article or video template. */
export function PipelinesManager() {
  const t = useTranslations('pipelines');
  const hooks = trpc.pipelines.list.useQuery({});
  const catalog = useCatalog();
  const list = hooks.data?.hooks ?? [];

  return (
    <div className="space-y-6">
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />

      <p
        role="note"
        className="flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm leading-6 text-sky-900 ring-1 ring-inset ring-sky-200/80"
        data-testid="pipelines-note"
      >
        <InfoIcon className="mt-1 size-4 shrink-0 text-sky-600" />
        <span>{t('note')}</span>
      </p>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <section aria-labelledby="pipelines-list-title" className="min-w-0 space-y-3">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="pipelines-list-title" className="text-base font-semibold text-slate-900">
              {t('bindings')}
            </h2>
            {hooks.data && (
              <span className="text-xs text-slate-500 tabular-nums">{t('count', { count: list.length })}</span>
            )}
          </div>
          <ListState
            query={hooks}
            empty={list.length === 0}
            loading={<ListSkeleton label={t('loading')} />}
            placeholder={
              <EmptyState
                icon={PipelinesIcon}
                title={t('emptyTitle')}
                description={t.rich('emptyBody', {
                  link: (chunks) => (
                    <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
                      {chunks}
                    </Link>
                  ),
                })}
              />
            }
          >
            <ul className="space-y-3" data-testid="pipelines-list">
              {list.map((h) => (
                <li key={h.id}>
                  <PipelineRow hook={h} catalog={catalog} />
                </li>
              ))}
            </ul>
          </ListState>
        </section>

        <aside className="min-w-0 lg:sticky lg:top-6" aria-label={t('form.title')}>
          <BindForm catalog={catalog} hooks={list} />
        </aside>
      </div>
    </div>
  );
}
