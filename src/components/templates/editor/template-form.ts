import type { useTranslations } from 'next-intl';
import type { Path } from 'react-hook-form';
import { z } from 'zod';
import { templateCreateSchema, videoConfigSchema, videoTemplateCreateSchema } from '@/contracts/templates';
import { fieldDraftOf, fieldDraftValues, fieldsRules } from '@/components/editor/fields-form';
import { blankAsAbsent, blankAsNull, filled, formSchema, inputAt, worded } from '@/components/editor/form-rules';
import type { AnyTemplate, TemplateKind } from '@/components/templates/model';

/**
 * The template editor's form: its inputs as strings and flags for all three kinds, and the schema
 * that checks them with the API's contract and answers the body a save sends.
 */

export const templateValues = z.object({
  kind: z.enum(['image', 'article', 'video']),
  zh_name: z.string(),
  slug: z.string(),
  description: z.string(),
  category: z.string(),
  domain: z.string(),
  ratio: z.string(),
  template_type: z.string(),
  format: z.string(),
  sample_images: z.array(z.object({ url: z.string() })),
  sample_cover_image: z.string(),
  sample_video_url: z.string(),
  generation_configs: z.array(z.object({ ratio: z.string(), duration: z.string() })),
  gated: z.boolean(),
  active: z.boolean(),
  prompt_template: z.string(),
  fields: z.array(fieldDraftValues),
});
export type TemplateFormValues = z.infer<typeof templateValues>;

/** The editor's refusals, from the `templates.rules` catalogue (`useTranslations` or `createTranslator`). */
export type TemplateRuleWords = ReturnType<typeof useTranslations<'templates.rules'>>;

const create = templateCreateSchema.shape;
const video = videoTemplateCreateSchema.shape;
const config = videoConfigSchema.shape;
const sampleImages = create.sample_images.unwrap();

/** One schema per kind, each answering `{kind, slug, body}` with the body its store takes. */
const rulesFor = (creating: boolean, t: TemplateRuleWords) => {
  const common = {
    zh_name: filled(create.zh_name, t('nameMissing')),
    description: create.description.unwrap(),
    category: create.category.unwrap(),
    gated: z.boolean(),
    active: z.boolean(),
    prompt_template: filled(create.prompt_template, t('promptMissing')),
    fields: fieldsRules({
      keyMissing: t('keyMissing'),
      keyInvalid: t('keyInvalid'),
      labelMissing: t('labelMissing'),
      notANumber: t('notANumber'),
    }),
  };
  /** An http(s) address that may stay blank (then null). */
  const address = (rule: z.ZodType<string, string>) => blankAsNull(worded(rule, t('urlInvalid')).nullable());
  const slugWhenCreating = blankAsAbsent(worded(create.slug.unwrap(), t('slugInvalid')).optional());
  const slug = creating ? slugWhenCreating : z.string().transform(() => undefined);
  return z.discriminatedUnion('kind', [
    z
      .object({
        ...common,
        kind: z.literal('image'),
        slug,
        domain: create.domain.unwrap(),
        ratio: blankAsNull(worded(create.ratio.unwrap().unwrap(), t('ratioInvalid', { example: '3:4' })).nullable()),
        template_type: blankAsNull(create.template_type.unwrap()),
        // Blank rows are left out; the rest must be whole http(s) addresses.
        sample_images: z
          .array(z.object({ url: address(sampleImages.element) }))
          .transform((rows) => rows.flatMap((r) => (r.url === null ? [] : [r.url])))
          .pipe(sampleImages),
      })
      .transform(({ kind, slug, ...body }) => ({ kind, slug, body })),
    z
      .object({
        ...common,
        kind: z.literal('article'),
        slug,
        domain: create.domain.unwrap(),
        format: z.string().min(1, t('formatMissing')).pipe(create.format.unwrap().unwrap()),
      })
      .transform(({ kind, slug, ...body }) => ({ kind, slug, body })),
    z
      .object({
        ...common,
        kind: z.literal('video'),
        slug,
        sample_cover_image: address(video.sample_cover_image.unwrap().unwrap()),
        sample_video_url: address(video.sample_video_url.unwrap().unwrap()),
        generation_configs: z
          .array(
            z.object({
              ratio: worded(config.ratio, t('ratioInvalid', { example: '9:16' })),
              duration: worded(z.string().trim().transform(Number).pipe(config.duration), t('secondsInvalid')),
            }),
          )
          .pipe(video.generation_configs),
      })
      .transform(({ kind, slug, ...body }) => ({ kind, slug, body })),
  ]);
};

/** The editor's schema: the kind's rules on the inputs it shows (the slug only while creating), refusing in the page's language. */
export const templateFormSchema = (creating: boolean, t: TemplateRuleWords) =>
  formSchema(templateValues, rulesFor(creating, t));
export type TemplateFormOutput = z.output<ReturnType<typeof templateFormSchema>>;

export function emptyTemplateValues(kind: TemplateKind): TemplateFormValues {
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
    generation_configs: kind === 'video' ? [{ ratio: '9:16', duration: '5' }] : [],
    gated: false,
    active: true,
    prompt_template: '',
    fields: [],
  };
}

/** The inputs kept when the kind of a new template changes; the rest start afresh for the new kind. */
export function switchedKind(values: TemplateFormValues, kind: TemplateKind): TemplateFormValues {
  const fresh = emptyTemplateValues(kind);
  return {
    ...values,
    kind,
    domain: kind === 'video' ? '' : values.domain,
    ratio: fresh.ratio,
    template_type: '',
    format: '',
    sample_images: kind === 'image' ? values.sample_images : [],
    sample_cover_image: kind === 'video' ? values.sample_cover_image : '',
    sample_video_url: kind === 'video' ? values.sample_video_url : '',
    generation_configs: fresh.generation_configs,
  };
}

export function templateValuesOf(t: AnyTemplate): TemplateFormValues {
  const common = {
    ...emptyTemplateValues(t.kind),
    zh_name: t.zh_name,
    slug: t.slug,
    description: t.description,
    category: t.category,
    gated: t.gated,
    active: t.active,
    prompt_template: t.prompt_template ?? '',
    fields: (t.fields ?? []).map(fieldDraftOf),
  };
  if (t.kind === 'video') {
    return {
      ...common,
      sample_cover_image: t.sample_cover_image ?? '',
      sample_video_url: t.sample_video_url ?? '',
      generation_configs: t.generation_configs.map((c) => ({
        ratio: c.ratio ?? '',
        duration: c.duration === undefined ? '' : String(c.duration),
      })),
    };
  }
  return {
    ...common,
    domain: t.domain,
    ratio: t.ratio ?? '',
    template_type: t.template_type ?? '',
    format: t.format ?? '',
    sample_images: t.sample_images.map((url) => ({ url })),
  };
}

/**
 * The input a refusal of the body belongs to. The body leaves blank sample rows out, so its
 * `sample_images[i]` is the i-th row with an address.
 */
export function inputOfBodyPath(
  values: TemplateFormValues,
  path: readonly (string | number)[],
): Path<TemplateFormValues> | null {
  const [head, index] = path;
  if (head === 'sample_images' && typeof index === 'number') {
    const rows = values.sample_images.flatMap((r, i) => (r.url.trim() === '' ? [] : [i]));
    const row = rows[index];
    return row === undefined ? null : inputAt(values, ['sample_images', row, 'url']);
  }
  return inputAt(values, path);
}
