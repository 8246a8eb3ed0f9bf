import { z } from 'zod';
import { KEY_PATTERN, MAX_FIELDS, MAX_INPUT_CHARS, SENTENCE_SLOT, SLOT, slotsOf, type FieldSpec } from './slot-syntax';

export { MAX_INPUT_CHARS, SENTENCE_SLOT, slotsOf };
import { badRequest } from '../errors';

/**
 * Deterministic `{key}` substitution for skills and templates. The server fills the slots itself;
 * no model ever expands them. `{{` and `}}` write a literal brace.
 */


export const fieldSpecSchema = z.strictObject({
  key: z
    .string()
    .regex(KEY_PATTERN, 'must be letters, digits or _ and not start with a digit')
    .max(64),
  label: z.string().trim().min(1, 'must not be empty').max(100),
  type: z.enum(['text', 'textarea'], 'must be text or textarea').optional(),
  placeholder: z.string().max(500).optional(),
  help: z.string().max(500).optional(),
  required: z.boolean().optional(),
  default: z.string().max(MAX_INPUT_CHARS).optional(),
});

export const fieldsSchema = z
  .array(fieldSpecSchema)
  .max(MAX_FIELDS, `at most ${MAX_FIELDS} fields`)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((f, i) => {
      if (seen.has(f.key)) ctx.addIssue({ code: 'custom', path: [i, 'key'], message: `"${f.key}" is used by two fields` });
      seen.add(f.key);
      if (f.default !== undefined && f.required !== false) {
        ctx.addIssue({ code: 'custom', path: [i, 'default'], message: 'only optional fields (required: false) take a default' });
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

export type SlotInput = string | Record<string, string | number | boolean> | undefined;

/**
 * Fills the slots of `prompt` from `input` following the fields contract. A form (fields given)
 * takes an object: required fields must be present and not blank (400 naming the field, so a
 * placeholder never reaches a prompt); optional ones fall back to their default or to nothing;
 * unknown keys are refused. Without fields, `input` is one sentence: it fills `{input}`, or is
 * appended when the prompt has no such slot.
 */
export function fillSlots(
  prompt: string,
  fields: readonly FieldSpec[] | null,
  input: SlotInput,
  opts: { path?: string; sentenceRequired?: boolean } = {},
): string {
  const path = opts.path ?? '';
  const values = new Map<string, string>();
  if (!fields || fields.length === 0) {
    if (input !== undefined && typeof input !== 'string') {
      throw badRequest(`${path}input: this recipe takes one sentence, not an object`);
    }
    const sentence = (input ?? '').trim();
    if (sentence === '' && opts.sentenceRequired) throw badRequest(`${path}input: describe what you want in one sentence`);
    if (sentence.length > MAX_INPUT_CHARS) throw badRequest(`${path}input: at most ${MAX_INPUT_CHARS} characters`);
    if (!slotsOf(prompt).includes(SENTENCE_SLOT)) {
      return sentence === '' ? substitute(prompt, values) : `${substitute(prompt, values).trimEnd()}\n\n${sentence}`;
    }
    values.set(SENTENCE_SLOT, sentence);
    return substitute(prompt, values);
  }

  if (input === undefined || typeof input === 'string') {
    const keys = fields.map((f) => f.key).join(', ');
    throw badRequest(`${path}input: this is a form; send an object with the fields ${keys}`);
  }
  const known = new Set(fields.map((f) => f.key));
  const unknown = Object.keys(input).find((k) => !known.has(k));
  if (unknown !== undefined) {
    throw badRequest(`${path}input.${unknown}: unknown field; the fields are ${[...known].join(', ')}`);
  }
  for (const f of fields) {
    const raw = input[f.key];
    const text = raw === undefined ? '' : String(raw).trim();
    if (text.length > MAX_INPUT_CHARS) throw badRequest(`${path}input.${f.key}: at most ${MAX_INPUT_CHARS} characters`);
    if (text === '') {
      if (f.required !== false) throw badRequest(`${path}input.${f.key}: required field "${f.label}" is missing`);
      values.set(f.key, f.default ?? '');
    } else {
      values.set(f.key, text);
    }
  }
  return substitute(prompt, values);
}

/** Replaces `{key}` with its value and `{{`/`}}` with a brace; a slot without a value becomes empty. */
export function substitute(prompt: string, values: ReadonlyMap<string, string>): string {
  return prompt.replace(SLOT, (whole, key: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return values.get(key ?? '') ?? '';
  });
}
