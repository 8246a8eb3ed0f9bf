'use client';

import Link from 'next/link';
import { useMemo } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { HooksIcon, InfoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Card } from '../ui/card';
import { BindForm } from './bind-form';
import { HookRow } from './hook-row';
import type { Catalog, TemplateOption } from './options';
import { ListSkeleton } from '../ui/list-skeleton';

type Hook = RouterOutputs['hooks']['list']['hooks'][number];

/** The workspace's template hooks: image template → article or video template. */
export function HooksManager() {
  const hooks = trpc.hooks.list.useQuery({});
  const images = trpc.templates.list.useQuery({ type: 'image', source: 'all' });
  const articles = trpc.templates.list.useQuery({ type: 'article', source: 'all' });
  const videos = trpc.templates.listVideo.useQuery({ source: 'all' });

  const catalog = useMemo<Catalog>(() => {
    const option = (t: { slug: string; zh_name: string; source: 'mine' | 'platform'; active: boolean; gated: boolean }, extra: Partial<TemplateOption> = {}) => ({
      slug: t.slug,
      name: t.zh_name,
      source: t.source,
      active: t.active,
      gated: t.gated,
      ...extra,
    });
    return {
      image: (images.data?.templates ?? []).map((t) => option(t, { picture: t.sample_images[0] ?? null })),
      article: (articles.data?.templates ?? []).map((t) => option(t, { format: t.format })),
      video: (videos.data?.templates ?? []).map((t) => option(t, { picture: t.sample_cover_image })),
      loading: images.isPending || articles.isPending || videos.isPending,
      error: images.error?.message ?? articles.error?.message ?? videos.error?.message ?? null,
    };
  }, [images.data, articles.data, videos.data, images.isPending, articles.isPending, videos.isPending, images.error, articles.error, videos.error]);

  const list: Hook[] = hooks.data?.hooks ?? [];

  return (
    <div className="space-y-6">
      <header>
        <p className="text-sm font-medium text-indigo-600">Hooks</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Template hooks</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-500">
          Bind an image template to the article or video template that should follow it, one of each per image template.
        </p>
      </header>

      <p
        role="note"
        className="flex items-start gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm leading-6 text-sky-900 ring-1 ring-inset ring-sky-200/80"
        data-testid="hooks-note"
      >
        <InfoIcon className="mt-1 size-4 shrink-0 text-sky-600" />
        <span>
          Hooks only store bindings; nothing fires automatically. After an image is done, your code calls the article or video endpoint with the stored
          slug.
        </span>
      </p>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <section aria-labelledby="hooks-list-title" className="min-w-0 space-y-3">
          <div className="flex items-baseline justify-between gap-2">
            <h2 id="hooks-list-title" className="text-base font-semibold text-slate-900">
              Bindings
            </h2>
            {hooks.data && <span className="text-xs text-slate-500 tabular-nums">{list.length === 1 ? '1 hook' : `${list.length} hooks`}</span>}
          </div>
          {hooks.isError ? (
            <ErrorAlert>
              {hooks.error.message}{' '}
              <button type="button" className="font-medium underline" onClick={() => void hooks.refetch()}>
                Try again
              </button>
            </ErrorAlert>
          ) : hooks.isPending ? (
            <ListSkeleton label="hooks" />
          ) : list.length === 0 ? (
            <EmptyHooks />
          ) : (
            <ul className="space-y-3" data-testid="hooks-list">
              {list.map((h) => (
                <li key={h.id}>
                  <HookRow hook={h} catalog={catalog} />
                </li>
              ))}
            </ul>
          )}
        </section>

        <aside className="min-w-0 lg:sticky lg:top-6" aria-label="Bind a template">
          <BindForm catalog={catalog} hooks={list} />
        </aside>
      </div>
    </div>
  );
}


function EmptyHooks() {
  return (
    <Card className="px-6 py-12 text-center">
      <span className="mx-auto grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
        <HooksIcon className="size-6" />
      </span>
      <h3 className="mt-4 text-base font-semibold text-slate-900">No hooks yet</h3>
      <p className="mx-auto mt-1 max-w-sm text-sm text-balance text-slate-500">
        Pick an image template and the copy or video template that goes with it. Templates are listed in the{' '}
        <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
          template store
        </Link>
        .
      </p>
    </Card>
  );
}
