import { z } from 'zod';
import { slugSchema } from './common';
import { readingSchema } from './reading';
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
    .meta({
      description: 'Your label per variable for `fields[].label`; keys stay the generic names (`title`, `title_2`...)',
    })
    .optional(),
  create_template: z.boolean('must be true or false').optional().meta({
    description:
      'true = also create the template in your store and return it in `template` (runs asynchronously); absent or false = a draft only',
  }),
  template: z
    .strictObject({
      zh_name: z
        .string()
        .trim()
        .min(1, 'must not be empty')
        .max(100)
        .optional()
        .meta({ description: "Display name (at most 100 characters); default: the reading's `zh_name`" }),
      slug: slugSchema
        .optional()
        .meta({ description: 'Globally unique slug; default generated. A taken slug is 409 and never overwrites' }),
      category: z
        .string()
        .trim()
        .max(50)
        .optional()
        .meta({ description: 'Classification (at most 50 characters); default generated' }),
      domain: z
        .string()
        .trim()
        .max(50)
        .optional()
        .meta({ description: 'Classification (at most 50 characters); default generated' }),
    })
    .optional()
    .meta({ description: "With `create_template`: the new template's names; each absent one is generated" }),
  async: z
    .boolean('must be true or false')
    .optional()
    .meta({ description: 'true = answer at once with a job to follow, even without `create_template`' }),
});
export type ConversionOptions = z.infer<typeof conversionOptionsSchema>;

/** The JSON body: the image address plus the options (a file comes as multipart instead). */
export const conversionBodySchema = conversionOptionsSchema.extend({
  image_url: z
    .string()
    .optional()
    .meta({ description: 'The image: a public http(s) address, or the URL of a file Studio serves that is yours' }),
});

/** One text on the image, as the answer gives it (spec: Text layer). */
export const textLayerSchema = z.strictObject({
  role: z.string().meta({
    description:
      'What the text is on the image: a platform variable name (`title`, `price`, ...) or another role; `text` when unknown',
  }),
  content: z.string().meta({ description: 'The text as written on the image' }),
  position: z.string().meta({ description: 'Where the text sits, in words (e.g. `top-center`)' }),
  coords: z
    .strictObject({
      x: z
        .number()
        .min(0)
        .max(1)
        .meta({ description: 'Horizontal centre of the text box, 0 (left edge) to 1 (right edge)' }),
      y: z
        .number()
        .min(0)
        .max(1)
        .meta({ description: 'Vertical centre of the text box, 0 (top edge) to 1 (bottom edge)' }),
    })
    .meta({ description: 'Centre of the text box relative to the canvas' }),
  font_category: z
    .string()
    .meta({ description: 'Kind of typeface, e.g. `sans-serif`, `serif`, `handwriting`, `display`' }),
  font_weight: z
    .number()
    .int()
    .meta({ description: 'Font weight, 100 to 900 in steps of 100 (400 regular, 700 bold)' }),
  size_ratio: z.number().meta({ description: 'Font size as a fraction of the image width' }),
  color: z
    .string()
    .regex(/^#[0-9A-F]{6}$/)
    .meta({ description: 'Text colour, `#RRGGBB`' }),
  treatment: z.string().meta({ description: 'Text effect, e.g. `none`, `shadow`, `outline`, `gradient`' }),
  alignment: z.string().meta({ description: '`left`, `center` or `right`' }),
  is_variable: z.boolean().meta({
    description:
      'true = this text became a slot of `prompt_template` (see `variable`); false = it stays fixed in the prompt',
  }),
  variable: z.string().nullable().meta({ description: 'The slot name when `is_variable`; null for fixed text' }),
});
export type TextLayer = z.infer<typeof textLayerSchema>;

/** The conversion's answer: the reading of `/api/reverse` plus the layers and the template draft. */
export const conversionAnswerSchema = z.strictObject({
  ok: z.literal(true),
  ...readingSchema.shape,
  ratio: z
    .string()
    .meta({ description: "The ratio POST /api/generate accepts nearest to the image's real aspect (e.g. `3:4`)" }),
  image_category: z
    .string()
    .meta({ description: 'The kind of image, e.g. `poster`, `product`, `social`, `photo`, `illustration`' }),
  text_layers: z.array(textLayerSchema).meta({ description: 'The texts found on the image' }),
  prompt_template: z
    .string()
    .nullable()
    .meta({
      description:
        'The prompt with `{variable}` slots for the variable texts (positions approximate); null when the ' +
        'text layers or the variables could not be made (see `template_error`)',
    }),
  fields: z
    .array(
      fieldSpecSchema.extend({
        key: fieldSpecSchema.shape.key.meta({
          description:
            'The slot name in `prompt_template`: a variable name, `{name}_2`, `{name}_3`... for further texts of one role',
        }),
        label: fieldSpecSchema.shape.label.meta({
          description: 'Label shown for the field: the default of the variable, or yours from `variable_labels`',
        }),
        type: fieldSpecSchema.shape.type.meta({
          description: '`text` (one line) or `textarea` (several lines); absent = `text`',
        }),
        placeholder: fieldSpecSchema.shape.placeholder.meta({
          description: 'Hint shown in the empty field: the text found on the image (at most 500 characters)',
        }),
        help: fieldSpecSchema.shape.help.meta({ description: 'Help text under the field' }),
        required: fieldSpecSchema.shape.required.meta({
          description:
            'false = the field may be left empty, then `default` is used; absent = required. Conversions make every field optional',
        }),
        default: fieldSpecSchema.shape.default.meta({
          description: 'Value used when the field is left empty: the text found on the image',
        }),
      }),
    )
    .meta({ description: 'One form field per slot, ready to create a template with' }),
  template: z
    .strictObject({
      id: z.uuid().meta({ description: 'The id of the created template' }),
      slug: z.string().meta({ description: 'Its slug' }),
      zh_name: z.string().meta({ description: 'Its display name' }),
      tenant_id: z.uuid().meta({ description: 'Your tenant, the owner' }),
    })
    .nullable()
    .optional()
    .meta({
      description:
        'Only when `create_template` was true: the created template, or null when it could not be created (see `template_error`)',
    }),
  template_error: z.string().nullable().meta({
    description:
      'null, or why the text layers, the variables or the template could not be made; the reading is still returned',
  }),
  template_warnings: z
    .array(z.string())
    .meta({ description: "What normalising the model's answer dropped, filled in or clamped; empty when nothing" }),
});
export type ConversionAnswer = z.infer<typeof conversionAnswerSchema>;

export const conversionStepSchema = z.object({
  name: z.enum(CONVERSION_STEPS).meta({
    description:
      'The step, in order: `receive image`, `parse image`, `extract text layers`, `create template` (only when creating)',
  }),
  status: z
    .enum(['running', 'ok', 'fail'])
    .meta({ description: '`running` (in progress), `ok` (finished), `fail` (stopped here)' }),
  error: z.string().optional().meta({ description: 'With `fail`: why the step failed' }),
});

/** `GET /api/image-to-template?job_id=`: the result when done, the steps so far otherwise. */
export const conversionResultSchema = z.strictObject({
  ok: z.literal(true),
  job_id: z.uuid().meta({ description: 'The job, as asked' }),
  status: z
    .enum(['pending', 'done', 'failed'])
    .meta({ description: '`pending` (still running), `done` (see `result`) or `failed` (see `error`)' }),
  steps: z
    .array(conversionStepSchema)
    .meta({ description: 'The steps so far, in order; none is `running` once the job has ended' }),
  result: conversionAnswerSchema
    .nullable()
    .meta({ description: 'The same structure as the synchronous answer; null until done' }),
  error: z.string().nullable().meta({ description: 'Why the job failed' }),
});
export type ConversionResult = z.infer<typeof conversionResultSchema>;
