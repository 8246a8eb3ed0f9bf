'use client';

import Link from 'next/link';
import { useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { PlusIcon } from '@/components/icons';
import { PageHeader } from '../console/page-header';
import { buttonClasses } from '../ui/button';
import { ListState } from '../ui/list-state';
import { KINDS, kindNoun, listInput, SOURCES, storeHref, type AnyTemplate, type Source, type TemplateKind } from './model';
import { TemplateCard } from './template-card';
import { SearchBox } from '../ui/search-box';
import { CreatedNotice, EmptyStore, FilterNav, GridSkeleton, NoMatch, STORE_GRID } from './template-store-parts';

interface TemplateStoreProps {
  kind: TemplateKind;
  source: Source;
  /** The slug of a template just created, to greet it. */
  created?: string;
}

/** Image, article and video templates of the workspace and the platform, as cards. */
export function TemplateStore({ kind, source, created }: TemplateStoreProps) {
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
    ? all.filter((t) =>
        [t.zh_name, t.slug, t.category, t.description, t.kind === 'video' ? '' : t.domain].some((s) => s.toLowerCase().includes(needle)),
      )
    : all;
  const greeted = notice ? all.find((t) => t.slug === notice) : undefined;

  return (
    <div className="space-y-6">
      <PageHeader
        eyebrow="Templates"
        title="Template store"
        description="Prompts with a form, ready to reuse. Yours are private to this workspace; platform templates are shared with every workspace."
        action={
          <Link href={`/templates/new?type=${kind}`} className={buttonClasses('primary', 'md')}>
            <PlusIcon className="size-4" />
            New {kindNoun(kind)}
          </Link>
        }
      />

      {greeted && <CreatedNotice template={greeted} onDismiss={() => setNotice(null)} />}

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex flex-wrap items-center gap-3">
          <FilterNav
            label="Template type"
            items={KINDS.map((k) => ({
              key: k.value,
              label: k.label,
              count: (k.value === 'video' ? videos : store).data ? rows[k.value].length : undefined,
              href: storeHref(k.value, source),
              current: k.value === kind,
            }))}
          />
          <FilterNav
            label="Source"
            items={SOURCES.map((s) => ({ key: s.value, label: s.label, href: storeHref(kind, s.value), current: s.value === source }))}
          />
        </div>
        <div className="w-full lg:w-64">
          <SearchBox label="Search templates" value={query} onChange={setQuery} placeholder="Search name, slug, category" />
        </div>
      </div>

      <ListState
        query={active}
        empty={shown.length === 0}
        loading={<GridSkeleton />}
        placeholder={needle ? <NoMatch query={query.trim()} onClear={() => setQuery('')} /> : <EmptyStore kind={kind} source={source} />}
      >
        <ul className={STORE_GRID} aria-label={`${KINDS.find((k) => k.value === kind)?.label} templates`}>
          {shown.map((t) => (
            <li key={t.id} className="flex min-w-0">
              <TemplateCard t={t} highlight={t.slug === notice} />
            </li>
          ))}
        </ul>
        <p className="text-center text-xs text-slate-400">
          {shown.length === all.length ? `${all.length} ${kindNoun(kind)}${all.length === 1 ? '' : 's'}` : `${shown.length} of ${all.length} shown`}
        </p>
      </ListState>
    </div>
  );
}
