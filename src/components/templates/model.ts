import type { RouterOutputs } from '@/trpc/react';

export type Template = RouterOutputs['templates']['list']['templates'][number];
export type VideoTemplate = RouterOutputs['templates']['listVideo']['templates'][number];
export type ArticleFormat = NonNullable<Template['format']>;
export type TemplateKind = 'image' | 'article' | 'video';
export type Source = 'all' | 'mine' | 'platform';

/** A row of any store, tagged with its kind so lists and pages can treat them alike. */
export type AnyTemplate = (Template & { kind: 'image' | 'article' }) | (VideoTemplate & { kind: 'video' });

/** The kinds in the store's order; their names are `templates.kinds.<kind>` in the catalogue. */
export const KINDS: readonly TemplateKind[] = ['image', 'article', 'video'];

/** The store's sources; their names are `templates.sources.<source>`. */
export const SOURCES: readonly Source[] = ['all', 'mine', 'platform'];

/** The copy formats the API writes (in English); their names and hints are `templates.formats.<format>`. */
export const FORMATS: readonly ArticleFormat[] = ['xiaohongshu', 'wechat', 'detail', 'script'];

const isFormat = (f: string): f is ArticleFormat => (FORMATS as readonly string[]).includes(f);

/** A format's name from the page's catalogue (`names`); an unknown format is shown as it comes. */
export const formatLabel = (f: string, names: (f: ArticleFormat) => string) => (isFormat(f) ? names(f) : f);

/** Ratios offered in the editors; the server takes any W:H between 1:4 and 4:1. */
export const COMMON_RATIOS = ['1:1', '3:4', '4:3', '2:3', '3:2', '9:16', '16:9'];
export const MAX_SAMPLE_IMAGES = 9;
export const MAX_VIDEO_CONFIGS = 10;

/** What the store (and a template's page, with `all`) reads; pages prefetch exactly this, so the cached answer is found. */
export const listInput = (source: Source) => ({ source });

export const isKind = (v: unknown): v is TemplateKind => v === 'image' || v === 'article' || v === 'video';
export const isSource = (v: unknown): v is Source => v === 'all' || v === 'mine' || v === 'platform';

export function storeHref(kind: TemplateKind, source: Source = 'all'): string {
  const q = new URLSearchParams();
  if (kind !== 'image') q.set('type', kind);
  if (source !== 'all') q.set('source', source);
  const s = q.toString();
  return s ? `/templates?${s}` : '/templates';
}

export const templateHref = (t: Pick<AnyTemplate, 'id' | 'kind'>) =>
  t.kind === 'video' ? `/templates/video/${t.id}` : `/templates/${t.id}`;

/**
 * Where a template is put to use: the Playground for images, the copy writer for articles. `action`
 * names the button (`templates.actions.<action>`).
 */
export function actionFor(
  t: Pick<AnyTemplate, 'kind' | 'slug'>,
): { href: string; action: 'playground' | 'write' } | null {
  if (t.kind === 'image') return { href: `/playground?template=${encodeURIComponent(t.slug)}`, action: 'playground' };
  if (t.kind === 'article') return { href: `/articles?template=${encodeURIComponent(t.slug)}`, action: 'write' };
  return null;
}

export const sampleOf = (t: AnyTemplate): string | null =>
  t.kind === 'video' ? t.sample_cover_image : (t.sample_images[0] ?? null);

/** What a template's name may hold: the Chinese name, and an English one where the API gives it. */
export interface Named {
  zh_name: string;
  en_name?: string | null;
}

/** The name that fits the page's language: the English name on an English page when there is one, the Chinese name otherwise. */
export const templateName = (t: Named, locale: string): string =>
  locale === 'en' && t.en_name?.trim() ? t.en_name.trim() : t.zh_name;
