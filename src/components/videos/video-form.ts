import type { FieldPath } from 'react-hook-form';
import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import {
  MAX_VIDEO_IMAGES,
  MAX_VIDEO_REFERENCE_AUDIOS,
  MAX_VIDEO_REFERENCE_VIDEOS,
  videoRequestSchema,
  type VideoRequestBody,
} from '@/contracts/videos';
import type { FieldSpec } from '@/components/fields/field-model';
import {
  checkDraft,
  checkRequest,
  draftFieldName,
  draftsSchema,
  type FieldErrors,
} from '@/components/fields/fields-schema';

/**
 * The Video page's form: what the inputs hold, what the chosen tier allows, how the values become a
 * `videos.submit` request, and where a problem with the request is shown. The request is checked with
 * the API's own schema before it is sent; the server stays the judge of what a tier accepts (its
 * refusals land on the same inputs), the console only warns.
 */

/** The tier choice that leaves `model` out, so Studio picks the tier. */
export const AUTO_TIER = 'auto';

/** What `models.available({media_type: 'video'})` says about one tier. */
export interface VideoTier {
  id: string;
  duration: { min: number; max: number };
  /** The only seconds the tier makes. */
  durations: number[];
  resolutions: string[];
  first_frame: boolean;
  last_frame: boolean;
  reference_images: boolean;
  reference_video: boolean;
  reference_audio: boolean;
  generate_audio: boolean;
}

/** The shapes offered; every tier takes these. */
export const VIDEO_RATIOS = ['16:9', '9:16', '1:1', '4:3', '3:4', '21:9'] as const;

/** The duration the form starts with (the server's own default). */
export const DEFAULT_DURATION = 5;

export type VideoSource = 'prompt' | 'template';

/** A video template as the form needs it (from `templates.listVideo`). */
export interface VideoTemplateRow {
  id: string;
  slug: string;
  zh_name: string;
  active: boolean;
  locked: boolean;
  fields: FieldSpec[] | null;
  generation_configs: { ratio?: string | undefined; duration?: number | undefined }[];
}

export const valuesSchema = z.object({
  source: z.enum(['prompt', 'template']),
  prompt: z.string(),
  /** The chosen template's slug. */
  template: z.string().nullable(),
  /** What was typed for each template, by `video:<slug>`. */
  drafts: draftsSchema,
  /** A tier id, or `auto`. */
  model: z.string(),
  ratio: z.string(),
  /** As typed in the number input; checked into whole seconds. */
  duration: z.string(),
  resolution: z.string(),
  /** In click order: 1 = first frame, 2 = first and last frame, 3-9 = appearance references. */
  images: z.array(z.string()),
  videos: z.array(z.string()),
  audios: z.array(z.string()),
  generate_audio: z.boolean(),
});

export type VideoValues = z.input<typeof valuesSchema>;
export type VideoFieldName = FieldPath<VideoValues>;

/**
 * The words of the form's checks and notes, from the `videos.form` catalogue (`useTranslations` in the
 * page, `createTranslator` in tests); the helpers below take them as an argument.
 */
export type VideoFormWords = ReturnType<typeof useTranslations<'videos.form'>>;

/** The tiers the automatic choice sends long or high-resolution videos to (docs/api.md → Video). */
export const PRO_TIER = 'videomodel-2-5-pro-260801';
export const HD_TIER = 'videomodel-H3';

/**
 * The tier the server picks for a request without `model`, as docs/api.md describes it: over 15
 * seconds or 1080p → the 2.5 pro tier, 768P or 2K → H3, else the default tier; when that tier is not
 * offered, the first that fits. Used for the price estimate only; the server decides.
 */
export function autoTierId(
  tiers: readonly VideoTier[],
  defaultTier: string | null,
  duration: number | undefined,
  resolution: string | undefined,
): string | null {
  const r = resolution?.toLowerCase();
  const preferred =
    (duration ?? 0) > 15 || r === '1080p' ? PRO_TIER : r === '768p' || r === '2k' ? HD_TIER : defaultTier;
  if (preferred && tiers.some((t) => t.id === preferred)) return preferred;
  const fits = tiers.find(
    (t) =>
      (duration === undefined || (duration >= t.duration.min && duration <= t.duration.max)) &&
      (r === undefined || t.resolutions.some((x) => x.toLowerCase() === r)),
  );
  return (fits ?? tiers[0])?.id ?? null;
}

/** Credits for a video: the tier's price per second times the seconds (`default` for a tier not listed). Null without prices. */
export function estimateCredits(
  prices: Readonly<Record<string, number>> | null,
  tier: string | null,
  duration: number,
): number | null {
  if (!prices || !tier || !Number.isInteger(duration) || duration <= 0) return null;
  const perSecond = prices[tier] ?? prices.default;
  return perSecond === undefined ? null : perSecond * duration;
}

/** The chosen tier, or null for the automatic choice (or a tier no longer offered). */
export function chosenTier(tiers: readonly VideoTier[], model: string): VideoTier | null {
  if (model === AUTO_TIER) return null;
  return tiers.find((t) => t.id === model) ?? null;
}

/** What the automatic choice can reach: the widest duration range and every resolution and slot of any tier. */
export function anyTier(tiers: readonly VideoTier[]): VideoTier | null {
  if (tiers.length === 0) return null;
  return {
    id: AUTO_TIER,
    duration: {
      min: Math.min(...tiers.map((t) => t.duration.min)),
      max: Math.max(...tiers.map((t) => t.duration.max)),
    },
    durations: [...new Set(tiers.flatMap((t) => t.durations))].sort((a, b) => a - b),
    resolutions: [...new Set(tiers.flatMap((t) => t.resolutions))],
    first_frame: tiers.some((t) => t.first_frame),
    last_frame: tiers.some((t) => t.last_frame),
    reference_images: tiers.some((t) => t.reference_images),
    reference_video: tiers.some((t) => t.reference_video),
    reference_audio: tiers.some((t) => t.reference_audio),
    generate_audio: tiers.some((t) => t.generate_audio),
  };
}

/** What the form is bounded by: the chosen tier, or for `auto` what any tier can do. Null before the tiers load. */
export function effectiveTier(tiers: readonly VideoTier[], model: string): VideoTier | null {
  return chosenTier(tiers, model) ?? anyTier(tiers);
}

/** The duration control's bounds and starting point for a tier. */
export function durationBounds(tier: VideoTier | null): { min: number; max: number } {
  return tier ? { ...tier.duration } : { min: 1, max: 600 };
}

/** A duration moved inside new bounds (when the tier changes); an empty or unreadable one is left as it is. */
export function clampDuration(value: string, bounds: { min: number; max: number }): string {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n)) return value;
  return String(Math.min(bounds.max, Math.max(bounds.min, Math.round(n))));
}

/** How many images a tier takes, as the roles go: 1 first frame, 2 first and last, 3-9 appearance. */
export function imageCounts(tier: VideoTier | null): number[] {
  if (!tier) return [];
  const counts: number[] = [];
  if (tier.first_frame) counts.push(1);
  if (tier.last_frame) counts.push(2);
  if (tier.reference_images) for (let n = 3; n <= MAX_VIDEO_IMAGES; n += 1) counts.push(n);
  return counts;
}

/** What the reference pickers may hold for a tier: the most of each kind, 0 when it takes none. */
export interface ReferenceSlots {
  images: number;
  videos: number;
  audios: number;
  generateAudio: boolean;
}

export function referenceSlots(tier: VideoTier | null): ReferenceSlots {
  return {
    images: Math.max(0, ...imageCounts(tier)),
    videos: tier?.reference_video ? MAX_VIDEO_REFERENCE_VIDEOS : 0,
    audios: tier?.reference_audio ? MAX_VIDEO_REFERENCE_AUDIOS : 0,
    generateAudio: !!tier?.generate_audio,
  };
}

/** The draft key of a template's inputs. */
export const templateKey = (slug: string) => `video:${slug}`;

/** A template's own settings, applied when it is chosen: its first ratio and duration. */
export function templateDefaults(t: Pick<VideoTemplateRow, 'generation_configs'>): {
  ratio?: string;
  duration?: number;
} {
  const ratio = t.generation_configs.find((c) => c.ratio)?.ratio;
  const duration = t.generation_configs.find((c) => typeof c.duration === 'number')?.duration;
  return { ...(ratio ? { ratio } : {}), ...(duration !== undefined ? { duration } : {}) };
}

/** The form's first values: text to video, automatic tier, 16:9, five seconds. */
export function videoDefaults(tiers: readonly VideoTier[] = []): VideoValues {
  const tier = anyTier(tiers);
  return {
    source: 'prompt',
    prompt: '',
    template: null,
    drafts: {},
    model: AUTO_TIER,
    ratio: '16:9',
    duration: String(DEFAULT_DURATION),
    resolution: tier?.resolutions[0] ?? '',
    images: [],
    videos: [],
    audios: [],
    generate_audio: false,
  };
}

/** The resolution to keep when the tier changes: the current one if offered, else the tier's first. */
export function keptResolution(tier: VideoTier | null, current: string): string {
  if (!tier || tier.resolutions.length === 0) return current;
  return tier.resolutions.includes(current) ? current : (tier.resolutions[0] ?? current);
}

/**
 * The input that shows a problem with one path of the request. Null for anything no input shows
 * (said under the form instead).
 */
export function videoFieldName(
  path: readonly PropertyKey[],
  source: VideoSource,
  template: Pick<VideoTemplateRow, 'slug' | 'fields'> | null,
): VideoFieldName | null {
  const [head] = path;
  switch (head) {
    case 'prompt':
      return source === 'prompt' ? 'prompt' : null;
    case 'template_id':
      return source === 'template' ? 'template' : null;
    case 'input':
      return source === 'template' && template
        ? draftFieldName(templateKey(template.slug), { fields: template.fields }, path)
        : null;
    case 'model':
    case 'ratio':
    case 'duration':
    case 'resolution':
    case 'images':
    case 'videos':
    case 'audios':
    case 'generate_audio':
      return head;
    default:
      return null;
  }
}

function parseDuration(t: VideoFormWords, text: string, ctx: z.RefinementCtx): number | undefined | null {
  const typed = text.trim();
  if (typed === '') return undefined;
  const n = Number(typed);
  if (!Number.isInteger(n)) {
    ctx.addIssue({ code: 'custom', message: t('durationWhole'), path: ['duration'] });
    return null;
  }
  // The contract's own bounds, in words that say so (its message covers every problem at once).
  if (n < 1 || n > 600) {
    ctx.addIssue({ code: 'custom', message: t('durationLimits'), path: ['duration'] });
    return null;
  }
  return n;
}

/**
 * The form's schema for the templates at hand; its output is the `videos.submit` request. The tiers
 * only decide what is sent (`model` left out for automatic, `generate_audio` only where offered). Its
 * refusals are in the words of `t`.
 */
export function videoSchema(
  t: VideoFormWords,
  templates: readonly VideoTemplateRow[],
  tiers: readonly VideoTier[],
  fieldErrors: FieldErrors,
) {
  return valuesSchema.transform((v, ctx): VideoRequestBody => {
    const template =
      v.source === 'template' && v.template ? (templates.find((row) => row.slug === v.template) ?? null) : null;
    let part: Pick<VideoRequestBody, 'prompt' | 'template_id' | 'input'> | null = null;
    if (v.source === 'prompt') {
      const prompt = v.prompt.trim();
      if (prompt) part = { prompt };
      else ctx.addIssue({ code: 'custom', message: t('promptRequired'), path: ['prompt'] });
    } else if (!template) {
      ctx.addIssue({ code: 'custom', message: t('templateRequired'), path: ['template'] });
    } else {
      const drafted = checkDraft(
        ctx,
        templateKey(template.slug),
        { fields: template.fields, sentence: 'optional' },
        v.drafts[templateKey(template.slug)],
        fieldErrors,
      );
      if (drafted)
        part = { template_id: template.id, ...(drafted.input === undefined ? {} : { input: drafted.input }) };
    }
    const duration = parseDuration(t, v.duration, ctx);
    if (!part || duration === null) return z.NEVER;
    const audioOffered = referenceSlots(effectiveTier(tiers, v.model)).generateAudio;
    const body = {
      ...part,
      ...(v.model !== AUTO_TIER ? { model: v.model } : {}),
      ratio: v.ratio,
      ...(duration !== undefined ? { duration } : {}),
      ...(v.resolution ? { resolution: v.resolution } : {}),
      ...(v.images.length > 0 ? { images: v.images } : {}),
      ...(v.videos.length > 0 ? { videos: v.videos } : {}),
      ...(v.audios.length > 0 ? { audios: v.audios } : {}),
      ...(v.generate_audio && audioOffered ? { generate_audio: true } : {}),
    };
    return checkRequest(ctx, videoRequestSchema, body, (path) => videoFieldName(path, v.source, template)) ?? z.NEVER;
  });
}
