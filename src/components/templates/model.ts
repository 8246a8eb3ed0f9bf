import type { RouterOutputs } from '@/trpc/react';
import { isRequired, type FieldSpec } from './fill';
import { SLUG_PATTERN } from '@/server/domain/templates/slot-syntax';

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
export const RATIO_PATTERN = /^([1-9]\d?):([1-9]\d?)$/;
export { SLUG_PATTERN } from '@/server/domain/templates/slot-syntax';
export const MAX_SAMPLE_IMAGES = 9;
export const MAX_VIDEO_CONFIGS = 10;

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

// ---------------------------------------------------------------------------------------------
// The editor's draft: every input as a string or flag, converted to the API's body on save.

let uidCounter = 0;
/** A stable React key for rows the user adds, removes and reorders. */
export const newUid = () => `u${++uidCounter}`;

export interface FieldDraft {
  uid: string;
  key: string;
  label: string;
  type: 'text' | 'textarea';
  placeholder: string;
  help: string;
  required: boolean;
  default: string;
}

export interface VideoConfigDraft {
  uid: string;
  ratio: string;
  duration: string;
}

export interface Draft {
  kind: TemplateKind;
  zh_name: string;
  slug: string;
  description: string;
  category: string;
  domain: string;
  ratio: string;
  template_type: string;
  format: ArticleFormat | '';
  sample_images: { uid: string; url: string }[];
  sample_cover_image: string;
  sample_video_url: string;
  generation_configs: VideoConfigDraft[];
  gated: boolean;
  active: boolean;
  prompt_template: string;
  fields: FieldDraft[];
}

export function emptyDraft(kind: TemplateKind): Draft {
  return {
    kind,
    zh_name: '',
    slug: '',
    description: '',
    category: '',
    domain: '',
    ratio: kind === 'image' ? '1:1' : '',
    template_type: '',
    format: '',
    sample_images: [],
    sample_cover_image: '',
    sample_video_url: '',
    generation_configs: kind === 'video' ? [{ uid: newUid(), ratio: '9:16', duration: '5' }] : [],
    gated: false,
    active: true,
    prompt_template: '',
    fields: [],
  };
}

export function fieldDraft(f: FieldSpec): FieldDraft {
  return {
    uid: newUid(),
    key: f.key,
    label: f.label,
    type: f.type ?? 'text',
    placeholder: f.placeholder ?? '',
    help: f.help ?? '',
    required: isRequired(f),
    default: f.default ?? '',
  };
}

export function draftOf(t: AnyTemplate): Draft {
  const base = emptyDraft(t.kind);
  const common = {
    ...base,
    zh_name: t.zh_name,
    slug: t.slug,
    description: t.description,
    category: t.category,
    gated: t.gated,
    active: t.active,
    prompt_template: t.prompt_template ?? '',
    fields: (t.fields ?? []).map(fieldDraft),
  };
  if (t.kind === 'video') {
    return {
      ...common,
      sample_cover_image: t.sample_cover_image ?? '',
      sample_video_url: t.sample_video_url ?? '',
      generation_configs: t.generation_configs.map((c) => ({ uid: newUid(), ratio: c.ratio ?? '', duration: c.duration === undefined ? '' : String(c.duration) })),
    };
  }
  return {
    ...common,
    domain: t.domain,
    ratio: t.ratio ?? '',
    template_type: t.template_type ?? '',
    format: t.format ?? '',
    sample_images: t.sample_images.map((url) => ({ uid: newUid(), url })),
  };
}

/** The fields as the API takes them: optional parts only when given. */
export function fieldSpecs(fields: readonly FieldDraft[]): FieldSpec[] {
  return fields.map((f) => ({
    key: f.key.trim(),
    label: f.label.trim(),
    ...(f.type === 'textarea' ? { type: 'textarea' as const } : {}),
    ...(f.placeholder.trim() ? { placeholder: f.placeholder.trim() } : {}),
    ...(f.help.trim() ? { help: f.help.trim() } : {}),
    ...(f.required ? {} : { required: false }),
    ...(!f.required && f.default !== '' ? { default: f.default } : {}),
  }));
}

/** The part of a draft every save sends, for templates of the image and article store. */
export function templateBody(d: Draft) {
  const shared = {
    zh_name: d.zh_name.trim(),
    description: d.description.trim(),
    category: d.category.trim(),
    domain: d.domain.trim(),
    gated: d.gated,
    active: d.active,
    prompt_template: d.prompt_template,
    fields: fieldSpecs(d.fields),
  };
  if (d.kind === 'article') return { ...shared, format: d.format === '' ? null : d.format };
  return {
    ...shared,
    ratio: d.ratio.trim() === '' ? null : d.ratio.trim(),
    template_type: d.template_type.trim() === '' ? null : d.template_type.trim(),
    sample_images: d.sample_images.map((s) => s.url.trim()).filter(Boolean),
  };
}

export function videoBody(d: Draft) {
  return {
    zh_name: d.zh_name.trim(),
    description: d.description.trim(),
    category: d.category.trim(),
    gated: d.gated,
    active: d.active,
    prompt_template: d.prompt_template,
    fields: fieldSpecs(d.fields),
    sample_cover_image: d.sample_cover_image.trim() === '' ? null : d.sample_cover_image.trim(),
    sample_video_url: d.sample_video_url.trim() === '' ? null : d.sample_video_url.trim(),
    generation_configs: d.generation_configs.map((c) => ({ ratio: c.ratio.trim(), duration: Number(c.duration) })),
  };
}

/** Problems the editor can name before asking the server, keyed by the input they belong to. */
export function draftProblems(d: Draft, creating: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  if (d.zh_name.trim() === '') out.zh_name = 'Give the template a name.';
  if (creating && d.slug.trim() !== '' && !SLUG_PATTERN.test(d.slug.trim())) {
    out.slug = 'Use 2–80 characters of a–z, 0–9 and -, starting with a letter or digit.';
  }
  if (d.prompt_template.trim() === '') out.prompt_template = 'Write the prompt the template fills.';
  if (d.kind === 'article' && d.format === '') out.format = 'Choose the format of the copy.';
  if (d.kind === 'image' && d.ratio.trim() !== '' && !RATIO_PATTERN.test(d.ratio.trim())) out.ratio = 'Write the ratio as W:H, e.g. 3:4.';
  if (d.kind === 'video') {
    if (d.generation_configs.length === 0) out.generation_configs = 'Add at least one ratio and duration.';
    d.generation_configs.forEach((c, i) => {
      const n = Number(c.duration);
      if (!RATIO_PATTERN.test(c.ratio.trim())) out[`generation_configs.${i}.ratio`] = 'Write the ratio as W:H, e.g. 9:16.';
      if (c.duration.trim() === '' || !Number.isInteger(n) || n < 1 || n > 60) out[`generation_configs.${i}.duration`] = 'Whole seconds, 1 to 60.';
    });
  }
  return out;
}
