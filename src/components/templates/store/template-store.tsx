'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '@/components/console/page-header';
import { buttonClasses } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import {
  KINDS,
  listInput,
  SOURCES,
  storeHref,
  type AnyTemplate,
  type Source,
  type TemplateKind,
} from '@/components/templates/model';
import { TemplateCard } from './template-card';
import { useTemplateName } from '@/components/templates/use-template-name';
import { SearchBox } from '@/components/ui/search-box';
import { CreatedNotice, EmptyStore, FilterNav, GridSkeleton, NoMatch, STORE_GRID } from './template-store-parts';
import { usePersonalAccount } from '@/components/console/personal-account';

interface TemplateStoreProps {
  kind: TemplateKind;
  source: Source;
  /** The slug of a template just created, to greet it. */
  created?: string;
}

/** Image, article and video templates of the workspace and the platform, as cards. */
export function TemplateStore({ kind, source, created }: TemplateStoreProps) {
  const t = useTranslations('templates');
  const format = useFormatter();
  const nameOf = useTemplateName();
  const personal = usePersonalAccount();
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState(created ?? null);
  const store = trpc.templates.list.useQuery(listInput(source));
  const videos = trpc.templates.listVideo.useQuery(listInput(source));

  const rows = useMemo<Record<TemplateKind, AnyTemplate[]>>(() => {
    const tpl = store.data?.templates ?? [];
    return {
      image: tpl.filter((t) => t.type === 'image').map((t) => ({ ...t, kind: 'image' as const })),
      article: tpl.filter((t) => t.type === 'article').map((t) => ({ ...t, kind: 'article' as const })),
      video: (videos.data?.templates ?? []).map((t) => ({ ...t, kind: 'video' as const })),
    };
  }, [store.data, videos.data]);

  const active = kind === 'video' ? videos : store;
  const all = rows[kind];
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? all.filter((x) =>
        [x.zh_name, nameOf(x), x.slug, x.category, x.description, x.kind === 'video' ? '' : x.domain].some((s) =>
          s.toLowerCase().includes(needle),
        ),
      )
    : all;
  const greeted = notice ? all.find((x) => x.slug === notice) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow={t('store.eyebrow')}
        title={t('store.title')}
        description={t('store.description')}
        action={
          // A buyer uses the templates a code opened; making templates is the seller's work.
          personal ? undefined : (
            <Link href={`/templates/new?type=${kind}`} className={buttonClasses('primary', 'md')}>
              <PlusIcon className="size-4" />
              {t('store.new', { kind })}
            </Link>
          )
        }
      />

      {greeted && <CreatedNotice template={greeted} onDismiss={() => setNotice(null)} />}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <FilterNav
            label={t('store.typeNav')}
            items={KINDS.map((k) => ({
              key: k,
              label: t(`kinds.${k}`),
              count: (k === 'video' ? videos : store).data ? rows[k].length : undefined,
              href: storeHref(k, source),
              current: k === kind,
            }))}
          />
          <FilterNav
            label={t('store.sourceNav')}
            items={SOURCES.map((s) => ({
              key: s,
              label: t(`sources.${s}`),
              href: storeHref(kind, s),
              current: s === source,
            }))}
          />
        </div>
        <div className="w-full lg:w-64">
          <SearchBox
            label={t('store.search')}
            value={query}
            onChange={setQuery}
            placeholder={t('store.searchPlaceholder')}
          />
        </div>
      </div>

      <ListState
        query={active}
        empty={shown.length === 0}
        loading={<GridSkeleton />}
        placeholder={
          needle ? (
            <NoMatch query={query.trim()} onClear={() => setQuery('')} />
          ) : (
            <EmptyStore kind={kind} source={source} />
          )
        }
      >
        <ul className={STORE_GRID} aria-label={t('store.listLabel', { kind })}>
          {shown.map((x) => (
            <li key={x.id} className="flex min-w-0">
              <TemplateCard t={x} highlight={x.slug === notice} />
            </li>
          ))}
        </ul>
        <p className="text-center text-xs text-slate-500">
          {shown.length === all.length
            ? t('store.count', { count: all.length, kind })
            : t('store.shown', { shown: format.number(shown.length), total: format.number(all.length) })}
        </p>
      </ListState>
    </div>
  );
}
