import { z } from 'zod';

/**
 * The syntax of skill and template prompts and their field contract, shared by the server (which
 * fills them) and the console (which previews and checks forms). Safe in browser bundles.
 */

/** The kinds of field a form has; an absent `type` means `text`. */
export const FIELD_TYPES = ['text', 'textarea', 'choice', 'number', 'image'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** One entry of a choice field: `value` fills the slot, `label` (default: the value) is what the form shows. */
export interface FieldOption {
  value: string;
  label?: string;
}

/** One form field of a skill or template: the `{key}` slot it fills and how the form shows it. */
export interface FieldSpec {
  key: string;
  label: string;
  type?: FieldType;
  placeholder?: string;
  help?: string;
  /** Default true. */
  required?: boolean;
  /** Used when an optional field is left out (a number as its text, a choice as one of its values). */
  default?: string;
  /** Choice fields only: 1-50 entries with distinct values. */
  options?: FieldOption[];
  /** Number fields only. */
  min?: number;
  max?: number;
  integer?: boolean;
}

/** `{{`, `}}` (literal braces) or a `{key}` slot. Global: copy it (`new RegExp(SLOT.source, 'g')`) or use with matchAll/replace. */
export const SLOT = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** The slot a one-sentence skill or a template without fields puts the caller's sentence in. */
export const SENTENCE_SLOT = 'input';
/** The longest value one field (or the sentence) takes. */
export const MAX_INPUT_CHARS = 2000;
export const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_FIELDS = 30;
export const MAX_OPTIONS = 50;
export const MAX_OPTION_CHARS = 200;

/**
 * Whether a prompt template is written in Chinese: its fixed text (slots left out) has more Han
 * characters than Latin words. Slot words are written in the template's language.
 */
export function isChinesePrompt(prompt: string): boolean {
  const fixed = prompt.replace(SLOT, ' ');
  const han = fixed.match(/\p{Script=Han}/gu)?.length ?? 0;
  const words = fixed.match(/[A-Za-z]+/g)?.length ?? 0;
  return han > 0 && han >= words;
}

/**
 * What an image field's `{key}` slot reads in the prompt: the image is sent as the job's reference
 * image `n` (image fields first, in field order, then the request's own reference images), named in
 * the prompt's language ("参考图N" in a Chinese prompt, "the reference image N" otherwise).
 */
export const imageSlotText = (n: number, prompt: string): string =>
  isChinesePrompt(prompt) ? `参考图${n}` : `the reference image ${n}`;
/** Slugs of skills and templates: unique, readable in URLs. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;

/** The slot names a text uses, in order of first use. */
export function slotsOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(SLOT)) if (m[1]) out.add(m[1]);
  return [...out];
}

export const isRequired = (f: Pick<FieldSpec, 'required'>): boolean => f.required !== false;
export const fieldType = (f: Pick<FieldSpec, 'type'>): FieldType => f.type ?? 'text';

/** The problem of a number field's text, or null when it is a number within the field's range. */
export function numberProblem(f: Pick<FieldSpec, 'min' | 'max' | 'integer'>, text: string): string | null {
  const n = text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(n)) return 'must be a number';
  if (f.integer && !Number.isInteger(n)) return 'must be a whole number';
  if (f.min !== undefined && n < f.min) return `must be at least ${f.min}`;
  if (f.max !== undefined && n > f.max) return `must be at most ${f.max}`;
  return null;
}

/** The problem of a choice field's value, or null when it is one of the options. */
export function choiceProblem(f: Pick<FieldSpec, 'options'>, value: string): string | null {
  const values = (f.options ?? []).map((o) => o.value);
  return values.includes(value) ? null : `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}

const optionSchema = z.strictObject({
  value: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(MAX_OPTION_CHARS)
    .meta({ description: 'What fills the slot when this entry is chosen (1-200 characters)' }),
  label: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100)
    .optional()
    .meta({ description: 'What the form shows for this entry; default: the value' }),
});

export const fieldSpecSchema = z.strictObject({
  key: z.string().regex(KEY_PATTERN, 'must be letters, digits or _ and not start with a digit').max(64).meta({
    description:
      'The slot name: `{key}` in the prompt template, and the key of `input` when generating (letters, digits, _; at most 64 characters)',
  }),
  label: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(100)
    .meta({ description: 'The name the form shows for this field (1-100 characters)' }),
  type: z
    .enum(FIELD_TYPES, 'must be text, textarea, choice, number or image')
    .optional()
    .meta({
      description:
        '`text` (one line, the default when absent), `textarea` (several lines), `choice` (one of `options`; its value ' +
        'fills the slot), `number` (within `min`/`max`; its text fills the slot) or `image` (an image of yours: the http(s) ' +
        'URL or the upload key POST /api/upload-ref answered, or an earlier result’s URL; sent as a reference image ' +
        'of the job, and its `{key}` slot, which the prompt may leave out, reads "the reference image N" (in a ' +
        'Chinese prompt "参考图N"), N its place among the reference images: image fields first in field order, ' +
        'then `reference_images`). A template with an image field needs a route that takes ' +
        'reference images, else generating answers 400',
    }),
  placeholder: z.string().max(500).optional().meta({ description: 'Example text the form shows in the empty field' }),
  help: z.string().max(500).optional().meta({ description: 'A hint shown under the field' }),
  required: z.boolean().optional().meta({ description: 'Default true; false makes the field optional' }),
  default: z
    .string()
    .max(MAX_INPUT_CHARS)
    .optional()
    .meta({
      description:
        'Used when an optional field is left out; only with `required: false`; a choice takes one of its values, a ' +
        'number its text within range, an image none',
    }),
  options: z
    .array(optionSchema)
    .min(1, 'give at least one option')
    .max(MAX_OPTIONS, `at most ${MAX_OPTIONS} options`)
    .optional()
    .meta({ description: 'Choice fields only (and required there): 1-50 entries with distinct values' }),
  min: z.number().finite().optional().meta({ description: 'Number fields only: the smallest value accepted' }),
  max: z.number().finite().optional().meta({ description: 'Number fields only: the largest value accepted' }),
  integer: z.boolean().optional().meta({ description: 'Number fields only: true accepts whole numbers only' }),
});

/** The rules between a field's parts that its type sets; each problem with the path of the part. */
function typeProblems(f: FieldSpec): { path: string; message: string }[] {
  const type = fieldType(f);
  const out: { path: string; message: string }[] = [];
  if (f.options !== undefined && type !== 'choice')
    out.push({ path: 'options', message: 'only choice fields take options' });
  for (const part of ['min', 'max', 'integer'] as const)
    if (f[part] !== undefined && type !== 'number')
      out.push({ path: part, message: 'only number fields take ' + part });
  if (type === 'choice') {
    if (!f.options) out.push({ path: 'options', message: 'a choice field needs options' });
    const seen = new Set<string>();
    f.options?.forEach((o, i) => {
      if (seen.has(o.value)) out.push({ path: `options.${i}.value`, message: `"${o.value}" is listed twice` });
      seen.add(o.value);
    });
  }
  if (type === 'number' && f.min !== undefined && f.max !== undefined && f.min > f.max)
    out.push({ path: 'max', message: 'must not be below min' });
  if (f.default !== undefined) {
    const problem =
      type === 'image'
        ? 'image fields take no default'
        : type === 'choice' && f.options
          ? choiceProblem(f, f.default)
          : type === 'number'
            ? numberProblem(f, f.default)
            : null;
    if (problem) out.push({ path: 'default', message: problem });
  }
  return out;
}

export const fieldsSchema = z
  .array(fieldSpecSchema)
  .max(MAX_FIELDS, `at most ${MAX_FIELDS} fields`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key))
        ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `"${f.key}" is used by two fields` });
      seen.add(f.key);
      if (f.default !== undefined && f.required !== false) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'default'],
          message: 'only optional fields (required: false) take a default',
        });
      }
      for (const p of typeProblems(f))
        ctx.addIssue({
          code: 'custom',
          path: [i, ...p.path.split('.').map((s) => (/^\d+$/.test(s) ? Number(s) : s))],
          message: p.message,
        });
    });
  });

/**
 * Checks that a prompt and its fields agree: every slot has a field and every field is used.
 * With no fields the prompt may use only `{input}` (the caller's sentence). Returns the problem or null.
 */
export function contractProblem(prompt: string, fields: readonly FieldSpec[]): string | null {
  const slots = slotsOf(prompt);
  if (fields.length === 0) {
    const other = slots.filter((s) => s !== SENTENCE_SLOT);
    if (other.length > 0) return `prompt_template uses {${other[0]}} but there is no field with key "${other[0]}"`;
    return null;
  }
  const keys = new Set(fields.map((f) => f.key));
  const missing = slots.find((s) => !keys.has(s));
  if (missing) return `prompt_template uses {${missing}} but there is no field with key "${missing}"`;
  // An image field works without its slot: the image reaches the job as a reference either way.
  const unused = fields.find((f) => fieldType(f) !== 'image' && !slots.includes(f.key));
  if (unused) return `field "${unused.key}" is not used: put {${unused.key}} in prompt_template`;
  return null;
}
