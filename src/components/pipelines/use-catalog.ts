'use client';

import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { CATALOG_INPUTS } from './catalog-inputs';
import type { Catalog, TemplateOption } from './options';

type Listed = { slug: string; zh_name: string; source: 'mine' | 'platform'; active: boolean; gated: boolean };

const option = (t: Listed, extra: Partial<TemplateOption> = {}): TemplateOption => ({
  slug: t.slug,
  name: t.zh_name,
  source: t.source,
  active: t.active,
  gated: t.gated,
  ...extra,
});

/** The three stores a pipeline draws from: image templates, and article and video templates to follow them. */
export function useCatalog(): Catalog {
  const images = trpc.templates.list.useQuery(CATALOG_INPUTS.image);
  const articles = trpc.templates.list.useQuery(CATALOG_INPUTS.article);
  const videos = trpc.templates.listVideo.useQuery(CATALOG_INPUTS.video);

  return useMemo<Catalog>(
    () => ({
      image: (images.data?.templates ?? []).map((t) => option(t, { picture: t.sample_images[0] ?? null })),
      article: (articles.data?.templates ?? []).map((t) => option(t, { format: t.format })),
      video: (videos.data?.templates ?? []).map((t) => option(t, { picture: t.sample_cover_image })),
      loading: images.isPending || articles.isPending || videos.isPending,
      error: images.error?.message ?? articles.error?.message ?? videos.error?.message ?? null,
    }),
    [
      images.data,
      articles.data,
      videos.data,
      images.isPending,
      articles.isPending,
      videos.isPending,
      images.error,
      articles.error,
      videos.error,
    ],
  );
}
