import type { RouterOutputs } from '@/trpc/react';

export type Template = RouterOutputs['templates']['list']['templates'][number];
export type VideoTemplate = RouterOutputs['templates']['listVideo']['templates'][number];
export type ArticleFormat = NonNullable<Template['format']>;
export type TemplateKind = 'image' | 'article' | 'video';
export type Source = 'all' | 'mine' | 'platform';

/** A row of any store, tagged with its kind so lists and pages can treat them alike. */
export type AnyTemplate = (Template & { kind: 'image' | 'article' }) | (VideoTemplate & { kind: 'video' });

export const KINDS: { value: TemplateKind; label: string; noun: string }[] = [
  { value: 'image', label: 'Image', noun: 'image template' },
  { value: 'article', label: 'Article', noun: 'article template' },
  { value: 'video', label: 'Video', noun: 'video template' },
];

export const SOURCES: { value: Source; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'mine', label: 'Mine' },
  { value: 'platform', label: 'Platform' },
];

export const FORMATS: { value: ArticleFormat; label: string; hint: string }[] = [
  { value: 'xiaohongshu', label: 'Xiaohongshu', hint: '小红书笔记：标题、正文和话题标签' },
  { value: 'wechat', label: 'WeChat', hint: '公众号文章：标题和正文' },
  { value: 'detail', label: 'Detail page', hint: '商品详情页文案：标题和正文' },
  { value: 'script', label: 'Script', hint: '口播或视频脚本：标题和正文' },
];

export const formatLabel = (f: ArticleFormat) => FORMATS.find((x) => x.value === f)?.label ?? f;

/** Ratios offered in the editors; the server takes any W:H between 1:4 and 4:1. */
export const COMMON_RATIOS = ['1:1', '3:4', '4:3', '2:3', '3:2', '9:16', '16:9'];
export const MAX_SAMPLE_IMAGES = 9;
export const MAX_VIDEO_CONFIGS = 10;

/** What the store (and a template's page, with `all`) reads; pages prefetch exactly this, so the cached answer is found. */
export const listInput = (source: Source) => ({ source });

export const isKind = (v: unknown): v is TemplateKind => v === 'image' || v === 'article' || v === 'video';
export const isSource = (v: unknown): v is Source => v === 'all' || v === 'mine' || v === 'platform';

export const kindNoun = (k: TemplateKind) => KINDS.find((x) => x.value === k)?.noun ?? 'template';

export function storeHref(kind: TemplateKind, source: Source = 'all'): string {
  const q = new URLSearchParams();
  if (kind !== 'image') q.set('type', kind);
  if (source !== 'all') q.set('source', source);
  const s = q.toString();
  return s ? `/templates?${s}` : '/templates';
}

export const templateHref = (t: Pick<AnyTemplate, 'id' | 'kind'>) => (t.kind === 'video' ? `/templates/video/${t.id}` : `/templates/${t.id}`);

/** Where a template is put to use: the Playground for images, the copy writer for articles. */
export function actionFor(t: Pick<AnyTemplate, 'kind' | 'slug'>): { href: string; label: string } | null {
  if (t.kind === 'image') return { href: `/playground?template=${encodeURIComponent(t.slug)}`, label: 'Use in Playground' };
  if (t.kind === 'article') return { href: `/articles?template=${encodeURIComponent(t.slug)}`, label: 'Write copy' };
  return null;
}

export const sampleOf = (t: AnyTemplate): string | null => (t.kind === 'video' ? t.sample_cover_image : (t.sample_images[0] ?? null));
