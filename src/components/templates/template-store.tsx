'use client';

import Link from 'next/link';
import { useId, useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { CheckIcon, CloseIcon, TemplatesIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { PlusGlyph } from './glyphs';
import { KINDS, kindNoun, SOURCES, storeHref, type AnyTemplate, type Source, type TemplateKind } from './model';
import { TemplateCard } from './template-card';

interface TemplateStoreProps {
  kind: TemplateKind;
  source: Source;
  /** The slug of a template just created, to greet it. */
  created?: string;
}

/** Image, article and video templates of the workspace and the platform, as cards. */
export function TemplateStore({ kind, source, created }: TemplateStoreProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [notice, setNotice] = useState(created ?? null);
  const store = trpc.templates.list.useQuery({ source });
  const videos = trpc.templates.listVideo.useQuery({ source });

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
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">Templates</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Template store</h1>
          <p className="mt-2 max-w-2xl text-sm text-slate-500">
            Prompts with a form, ready to reuse. Yours are private to this workspace; platform templates are shared with every workspace.
          </p>
        </div>
        <Link href={`/templates/new?type=${kind}`} className={buttonClasses('primary', 'md')}>
          <PlusGlyph className="size-4" />
          New {kindNoun(kind)}
        </Link>
      </header>

      {greeted && (
        <div role="status" className="flex items-start gap-2.5 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-900 ring-1 ring-inset ring-emerald-200">
          <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <p className="min-w-0 flex-1 break-words">
            Created <span className="font-semibold">{greeted.zh_name}</span> (<code className="font-mono text-xs">{greeted.slug}</code>).
          </p>
          <button
            type="button"
            onClick={() => setNotice(null)}
            className="-my-1 grid size-7 shrink-0 place-items-center rounded-md text-emerald-700 hover:bg-emerald-100 focus-visible:outline-2 focus-visible:outline-emerald-600"
          >
            <CloseIcon className="size-4" />
            <span className="sr-only">Dismiss</span>
          </button>
        </div>
      )}

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
          <Label htmlFor={searchId} className="sr-only">
            Search templates
          </Label>
          <Input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search name, slug, category"
          />
        </div>
      </div>

      {active.isError ? (
        <ErrorAlert>
          {active.error.message}{' '}
          <button type="button" className="font-medium underline" onClick={() => void active.refetch()}>
            Try again
          </button>
        </ErrorAlert>
      ) : active.isPending ? (
        <GridSkeleton />
      ) : shown.length === 0 ? (
        needle ? (
          <Card className="px-6 py-12 text-center">
            <h2 className="text-base font-semibold break-words text-slate-900">Nothing matches “{query.trim()}”</h2>
            <p className="mt-1 text-sm text-slate-500">Try another word, or clear the search.</p>
            <Button variant="secondary" className="mt-5" onClick={() => setQuery('')}>
              Clear search
            </Button>
          </Card>
        ) : (
          <EmptyStore kind={kind} source={source} />
        )
      ) : (
        <>
          <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,16.5rem),1fr))] gap-4" aria-label={`${KINDS.find((k) => k.value === kind)?.label} templates`}>
            {shown.map((t) => (
              <li key={t.id} className="flex min-w-0">
                <TemplateCard t={t} highlight={t.slug === notice} />
              </li>
            ))}
          </ul>
          <p className="text-center text-xs text-slate-400">
            {shown.length === all.length ? `${all.length} ${kindNoun(kind)}${all.length === 1 ? '' : 's'}` : `${shown.length} of ${all.length} shown`}
          </p>
        </>
      )}
    </div>
  );
}

interface FilterItem {
  key: string;
  label: string;
  href: string;
  current: boolean;
  count?: number;
}

/** A row of links that filter the store; the current one is marked for screen readers too. */
function FilterNav({ label, items }: { label: string; items: FilterItem[] }) {
  return (
    <nav aria-label={label} className="flex max-w-full gap-1 overflow-x-auto rounded-xl bg-slate-100 p-1 ring-1 ring-inset ring-slate-200/70">
      {items.map((item) => (
        <Link
          key={item.key}
          href={item.href}
          aria-current={item.current ? 'page' : undefined}
          scroll={false}
          className={cn(
            'inline-flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600',
            item.current ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {item.label}
          {item.count !== undefined && (
            <span className={cn('rounded-full px-1.5 text-xs tabular-nums', item.current ? 'bg-indigo-50 text-indigo-700' : 'bg-slate-200/70 text-slate-500')}>
              {item.count}
            </span>
          )}
        </Link>
      ))}
    </nav>
  );
}

function GridSkeleton() {
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,16.5rem),1fr))] gap-4" aria-busy="true">
      <span className="sr-only">Loading templates…</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200/80">
          <div className="aspect-[4/3] animate-pulse bg-slate-100" />
          <div className="space-y-2.5 p-4">
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-100" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-100" />
            <div className="h-6 w-full animate-pulse rounded bg-slate-100" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EmptyStore({ kind, source }: { kind: TemplateKind; source: Source }) {
  const noun = kindNoun(kind);
  const mine = source === 'mine';
  return (
    <Card className="px-6 py-14 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <TemplatesIcon className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">
        {mine ? `No ${noun}s of your own yet` : source === 'platform' ? `No platform ${noun}s` : `No ${noun}s yet`}
      </h2>
      <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">
        {mine
          ? 'Write a prompt once, give it a form, and your team and API callers fill in only the blanks.'
          : source === 'platform'
            ? 'The platform shares none of this type at the moment.'
            : 'Create one, or check back when the platform shares some.'}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {source !== 'all' && (
          <Link href={storeHref(kind, 'all')} className={buttonClasses('secondary', 'md')}>
            Show all
          </Link>
        )}
        {source !== 'platform' && (
          <Link href={`/templates/new?type=${kind}`} className={buttonClasses('primary', 'md')}>
            <PlusGlyph className="size-4" />
            New {noun}
          </Link>
        )}
      </div>
    </Card>
  );
}
