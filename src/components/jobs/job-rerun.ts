import type { Draft } from '@/components/fields/fields-schema';
import { isForm, isRequired, type FieldSpec } from '@/components/fields/field-model';
import type { PlaygroundStart } from '@/components/playground/playground-form';
import type { VideoValues } from '@/components/videos/video-form';
import type { RouterOutputs } from '@/trpc/react';

/** A job with what the console knows beyond the API's job view (cost, request, deliveries, hooks). */
export type JobDetailAnswer = RouterOutputs['jobs']['detail'];
export type JobRequest = NonNullable<JobDetailAnswer['request']>;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** A skill's or template's input as the form keeps it: its sentence, or its fields' values as typed text. */
export function draftOf(input: JobRequest['input']): Draft | null {
  if (input === null) return null;
  if (typeof input === 'string') return { sentence: input };
  return { values: Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) };
}

/** The Playground's start for running an image job again: the same source, input and settings. */
export function playgroundStartFrom(request: JobRequest): PlaygroundStart {
  const b = request.body;
  const skill = text(b.skill_slug);
  const template = b.template_id !== undefined ? (request.template_slug ?? text(b.template_id)) : null;
  const source = skill ? 'skill' : template ? 'template' : 'prompt';
  const draft = draftOf(request.input);
  const ref = skill ?? template;
  const background = b.background === 'transparent' || b.background === 'opaque' ? b.background : 'default';
  const quality = b.quality === 'low' || b.quality === 'medium' || b.quality === 'high' ? b.quality : 'high';
  return {
    source,
    skill,
    template,
    prompt: text(b.prompt),
    ratio: text(b.ratio),
    quality,
    background,
    model: text(b.model) ?? 'auto',
    reference_images: Array.isArray(b.reference_images)
      ? b.reference_images.filter((u): u is string => typeof u === 'string')
      : [],
    drafts: draft && ref ? { [`${source}:${ref}`]: draft } : {},
  };
}

/** The Video page's first values for running a video job again. */
export function videoStartFrom(request: JobRequest): Partial<VideoValues> {
  const b = request.body;
  const urls = (v: unknown) => (Array.isArray(v) ? v.filter((u): u is string => typeof u === 'string') : []);
  const template = b.template_id !== undefined ? (request.template_slug ?? text(b.template_id)) : null;
  const draft = draftOf(request.input);
  return {
    source: template ? 'template' : 'prompt',
    prompt: text(b.prompt) ?? '',
    template,
    drafts: template && draft ? { [`video:${template}`]: draft } : {},
    model: text(b.model) ?? 'auto',
    ...(text(b.ratio) ? { ratio: text(b.ratio) ?? '' } : {}),
    ...(typeof b.duration === 'number' ? { duration: String(b.duration) } : {}),
    ...(text(b.resolution) ? { resolution: text(b.resolution) ?? '' } : {}),
    images: urls(b.images),
    videos: urls(b.videos),
    audios: urls(b.audios),
    generate_audio: b.generate_audio === true,
  };
}

/** Where "Run again" goes: the Playground for images, the Video page for videos. */
export function runAgainHref(job: { id: string; kind: string }): string {
  return `${job.kind === 'video' ? '/videos' : '/playground'}?from=${encodeURIComponent(job.id)}`;
}

/** A download name that says what the file is: `studio-<kind>-<first 8 of the id>.<extension of the file>`. */
export function downloadName(job: { id: string; kind: string; cdn_url: string | null }): string {
  const ext =
    /\.([a-z0-9]{2,5})(?:$|[?#])/i.exec(job.cdn_url ?? '')?.[1]?.toLowerCase() ??
    (job.kind === 'video' ? 'mp4' : 'png');
  return `studio-${job.kind === 'video' ? 'video' : 'image'}-${job.id.slice(0, 8)}.${ext}`;
}

/** The API path that submits the same request again. */
export const submitPath = (kind: string): string => (kind === 'video' ? '/videos' : '/generate');

/** Field keys that take an image address: the job's own image goes there. */
const IMAGE_KEY = /(^|_)(image|img|photo|picture|url)(_|$)|图/i;

/**
 * The input for a hook's downstream template, from the job the hook follows: fields with the same key
 * take the job's values, an image field takes the job's image, a one-sentence template the job's input
 * as a sentence (or its prompt). `missing` names the required fields nothing fills.
 */
export function hookInput(
  fields: readonly FieldSpec[] | null,
  job: { input: JobRequest['input']; prompt: string; imageUrl: string },
): { input: string | Record<string, string> | undefined; missing: string[] } {
  const given = job.input;
  if (!isForm(fields)) {
    const sentence =
      typeof given === 'string'
        ? given
        : given
          ? Object.values(given)
              .map(String)
              .filter((v) => v.trim() !== '')
              .join('；')
          : job.prompt;
    return { input: sentence.trim() || undefined, missing: [] };
  }
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const f of fields) {
    const own = given && typeof given === 'object' ? given[f.key] : undefined;
    const value = own !== undefined ? String(own) : IMAGE_KEY.test(f.key) ? job.imageUrl : '';
    if (value.trim() !== '') values[f.key] = value;
    else if (isRequired(f)) missing.push(f.label);
  }
  return { input: values, missing };
}
