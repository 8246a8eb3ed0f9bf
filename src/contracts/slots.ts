import { z } from 'zod';

/**
 * The syntax of skill and template prompts and their field contract, shared by the server (which
 * fills them) and the console (which previews and checks forms). Safe in browser bundles.
 */

/** One form field of a skill or template: the `{key}` slot it fills and how the form shows it. */
export interface FieldSpec {
  key: string;
  label: string;
  type?: 'text' | 'textarea';
  placeholder?: string;
  help?: string;
  /** Default true. */
  required?: boolean;
  /** Used when an optional field is left out. */
  default?: string;
}

/** `{{`, `}}` (literal braces) or a `{key}` slot. Global: copy it (`new RegExp(SLOT.source, 'g')`) or use with matchAll/replace. */
export const SLOT = /\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}/g;
/** The slot a one-sentence skill or a template without fields puts the caller's sentence in. */
export const SENTENCE_SLOT = 'input';
/** The longest value one field (or the sentence) takes. */
export const MAX_INPUT_CHARS = 2000;
export const KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const MAX_FIELDS = 30;
/** Slugs of skills and templates: unique, readable in URLs. */
export const SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{1,79}$/;

/** The slot names a text uses, in order of first use. */
export function slotsOf(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(SLOT)) if (m[1]) out.add(m[1]);
  return [...out];
}

export const isRequired = (f: Pick<FieldSpec, 'required'>): boolean => f.required !== false;

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
    .enum(['text', 'textarea'], 'must be text or textarea')
    .optional()
    .meta({ description: '`text` (one line, default) or `textarea` (several lines)' }),
  placeholder: z.string().max(500).optional().meta({ description: 'Example text the form shows in the empty field' }),
  help: z.string().max(500).optional().meta({ description: 'A hint shown under the field' }),
  required: z.boolean().optional().meta({ description: 'Default true; false makes the field optional' }),
  default: z
    .string()
    .max(MAX_INPUT_CHARS)
    .optional()
    .meta({ description: 'Used when an optional field is left out; only with `required: false`' }),
});

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
  const unused = fields.find((f) => !slots.includes(f.key));
  if (unused) return `field "${unused.key}" is not used: put {${unused.key}} in prompt_template`;
  return null;
}
