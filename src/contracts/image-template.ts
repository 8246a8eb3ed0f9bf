import { z } from 'zod';
import { slugSchema } from './common';
import { readingSchema } from './reverse';
import { fieldSpecSchema } from './slots';

/**
 * `POST /api/image-to-template` and `GET /api/image-to-template?job_id=`: the request, the variable
 * names a conversion may use, and the answer. Shared by the server, the OpenAPI document and the console.
 */

/**
 * The platform's variable names: the only slots a conversion creates. A text layer whose role is one
 * of these (and in the caller's `variables`, when given) becomes a `{slot}`; any other text stays
 * fixed in the prompt. Labels are the defaults of `fields[].label`; `variable_labels` replaces them.
 */
export const TEMPLATE_VARIABLES = {
  title: { zh: '标题', en: 'Title' },
  subtitle: { zh: '副标题', en: 'Subtitle' },
  body: { zh: '正文', en: 'Body text' },
  caption: { zh: '说明文字', en: 'Caption' },
  brand: { zh: '品牌', en: 'Brand' },
  product: { zh: '产品', en: 'Product' },
  price: { zh: '价格', en: 'Price' },
  original_price: { zh: '原价', en: 'Original price' },
  discount: { zh: '折扣', en: 'Discount' },
  date: { zh: '日期', en: 'Date' },
  time: { zh: '时间', en: 'Time' },
  location: { zh: '地点', en: 'Location' },
  slogan: { zh: '标语', en: 'Slogan' },
  cta: { zh: '行动号召', en: 'Call to action' },
  contact: { zh: '联系方式', en: 'Contact' },
} as const satisfies Record<string, { zh: string; en: string }>;

export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export const TEMPLATE_VARIABLE_NAMES = Object.keys(TEMPLATE_VARIABLES) as TemplateVariable[];
export const isTemplateVariable = (name: string): name is TemplateVariable => Object.hasOwn(TEMPLATE_VARIABLES, name);

/** A slot name a conversion can produce: a variable name, or `{name}_{n}` for its second, third... text. */
export function slotBase(slot: string): TemplateVariable | null {
  const m = /^([a-z_]+?)(?:_([2-9]|[1-9]\d))?$/.exec(slot);
  const base = m?.[1];
  return base && isTemplateVariable(base) ? base : null;
}

/** The steps of a conversion, in order; `create template` only when a template is created. */
export const CONVERSION_STEPS = ['receive image', 'parse image', 'extract text layers', 'create template'] as const;
export type ConversionStep = (typeof CONVERSION_STEPS)[number];

const label = z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters');

/** The optional parameters, shared by the JSON body and the multipart form. */
export const conversionOptionsSchema = z.strictObject({
  variables: z
    .array(z.string().max(64))
    .max(TEMPLATE_VARIABLE_NAMES.length)
    .meta({ description: `Allowed variable names (a subset of ${TEMPLATE_VARIABLE_NAMES.join(', ')}); default all` })
    .optional(),
  variable_labels: z
    .record(z.string().max(64), label)
    .meta({ description: 'Your label per variable for `fields[].label`; keys stay the generic names (`title`, `title_2`...)' })
    .optional(),
  create_template: z.boolean('must be true or false').optional(),
  template: z
    .strictObject({
      zh_name: z.string().trim().min(1, 'must not be empty').max(100).optional(),
      slug: slugSchema.optional(),
      category: z.string().trim().max(50).optional(),
      domain: z.string().trim().max(50).optional(),
    })
    .optional(),
  async: z.boolean('must be true or false').optional(),
});
export type ConversionOptions = z.infer<typeof conversionOptionsSchema>;

/** The JSON body: the image address plus the options (a file comes as multipart instead). */
export const conversionBodySchema = conversionOptionsSchema.extend({ image_url: z.string().optional() });

/** One text on the image, as the answer gives it (spec: Text layer). */
export const textLayerSchema = z.strictObject({
  role: z.string(),
  content: z.string(),
  position: z.string(),
  coords: z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
  font_category: z.string(),
  font_weight: z.number().int(),
  size_ratio: z.number(),
  color: z.string().regex(/^#[0-9A-F]{6}$/),
  treatment: z.string(),
  alignment: z.string(),
  is_variable: z.boolean(),
  variable: z.string().nullable().meta({ description: 'The slot name when `is_variable`; null for fixed text' }),
});
export type TextLayer = z.infer<typeof textLayerSchema>;

/** The conversion's answer: the reading of `/api/reverse` plus the layers and the template draft. */
export const conversionAnswerSchema = z.strictObject({
  ok: z.literal(true),
  ...readingSchema.shape,
  ratio: z.string(),
  image_category: z.string(),
  text_layers: z.array(textLayerSchema),
  prompt_template: z.string().nullable(),
  fields: z.array(fieldSpecSchema),
  template: z
    .strictObject({ id: z.uuid(), slug: z.string(), zh_name: z.string(), tenant_id: z.uuid() })
    .nullable()
    .optional()
    .meta({ description: 'Only when `create_template` was true: the created template, or null when it could not be created (see `template_error`)' }),
  template_error: z.string().nullable(),
  template_warnings: z.array(z.string()),
});
export type ConversionAnswer = z.infer<typeof conversionAnswerSchema>;

export const conversionStepSchema = z.object({
  name: z.enum(CONVERSION_STEPS),
  status: z.enum(['running', 'ok', 'fail']),
  error: z.string().optional(),
});

/** `GET /api/image-to-template?job_id=`: the result when done, the steps so far otherwise. */
export const conversionResultSchema = z.strictObject({
  ok: z.literal(true),
  job_id: z.uuid(),
  status: z.enum(['pending', 'done', 'failed']),
  steps: z.array(conversionStepSchema),
  result: conversionAnswerSchema.nullable().meta({ description: 'The same structure as the synchronous answer; null until done' }),
  error: z.string().nullable().meta({ description: 'Why the job failed' }),
});
export type ConversionResult = z.infer<typeof conversionResultSchema>;
