/**
 * The fields contract of skills and templates, as the console needs it: which inputs to show,
 * what the caller must fill in, the `input` to send, and where a refusal from the server belongs.
 * The server stays the judge (see src/server/domain/templates/slots.ts); these checks only spare a
 * round trip and point at the right input.
 */

import { isRequired, MAX_INPUT_CHARS, type FieldSpec } from '@/server/domain/templates/slot-syntax';

export type { FieldSpec };
/** The server's cap on one value. */
export const MAX_FIELD_CHARS = MAX_INPUT_CHARS;

export type FieldValues = Record<string, string>;

/** Where an error is shown: under one field, under the sentence input, or elsewhere in the form. */
export type ErrorTarget =
  | { kind: 'field'; key: string }
  | { kind: 'sentence' }
  | { kind: 'references' }
  | { kind: 'recipe' }
  | { kind: 'general' };

/** Errors of a form by target key: a field's key, or one of the reserved names below. */
export type FormErrors = Record<string, string>;

/** Reserved error keys; field keys start with a letter or `_` followed by letters, so `@` never clashes. */
export const SENTENCE_ERROR = '@sentence';
export const REFERENCES_ERROR = '@references';
export const RECIPE_ERROR = '@recipe';

export { isRequired };

/** The hint shown in an empty input: the field's placeholder, else an optional field's default. */
export function placeholderFor(f: FieldSpec): string | undefined {
  if (f.placeholder) return f.placeholder;
  if (!isRequired(f) && f.default) return f.default;
  return undefined;
}

/** A line under the input that says what an empty optional field becomes, when its placeholder shows something else. */
export function defaultNote(f: FieldSpec): string | null {
  if (isRequired(f) || !f.default || !f.placeholder) return null;
  return `Left empty: ${f.default}`;
}

/** The message for a required field left empty; names the field by its label. */
export const requiredMessage = (label: string): string => `“${label}” is required.`;

/**
 * Checks a form like the server does: a required field that is absent or blank is an error, and
 * so is a value over the length cap. Answers errors keyed by field key, in field order.
 */
export function validateFields(fields: readonly FieldSpec[], values: FieldValues): FormErrors {
  const errors: FormErrors = {};
  for (const f of fields) {
    const text = (values[f.key] ?? '').trim();
    if (text === '' && isRequired(f)) errors[f.key] = requiredMessage(f.label);
    else if (text.length > MAX_FIELD_CHARS) errors[f.key] = `“${f.label}” is too long: at most ${MAX_FIELD_CHARS} characters.`;
  }
  return errors;
}

/**
 * The `input` object for a form: trimmed values of the known fields, blank ones left out so the
 * server applies an optional field's default. Keys that are not fields are never sent.
 */
export function formInput(fields: readonly FieldSpec[], values: FieldValues): Record<string, string> {
  const input: Record<string, string> = {};
  for (const f of fields) {
    const text = (values[f.key] ?? '').trim();
    if (text !== '') input[f.key] = text;
  }
  return input;
}

/** Splits a refusal such as `input.product: required field "商品" is missing` into its path and text. */
export function splitErrorPath(message: string): { path: string | null; text: string } {
  const m = /^([A-Za-z_][\w]*(?:\[\d+\])?(?:\.[A-Za-z_][\w]*(?:\[\d+\])?)*): (.+)$/s.exec(message);
  if (!m?.[1] || !m[2]) return { path: null, text: message };
  return { path: m[1], text: m[2] };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Where a server refusal belongs. `input.<key>` of a known field goes under that field, `input`
 * under the sentence (or the form's first field), `reference_images` under the picker, and a
 * refused skill or template under its picker; anything else is general. The text is the server's,
 * without the path the placement already shows.
 */
export function placeServerError(
  message: string,
  fields: readonly FieldSpec[] | null,
  recipeParam: 'skill_slug' | 'template_id' | 'template_slug' | null,
): { target: ErrorTarget; text: string } {
  const { path, text } = splitErrorPath(message);
  if (!path) return { target: { kind: 'general' }, text: message };
  const shown = capitalise(text);
  const form = fields && fields.length > 0 ? fields : null;
  if (path.startsWith('input.')) {
    const key = path.slice('input.'.length);
    if (form?.some((f) => f.key === key)) return { target: { kind: 'field', key }, text: shown };
    return { target: { kind: 'general' }, text: message };
  }
  if (path === 'input') {
    if (form) return { target: { kind: 'general' }, text: message };
    return { target: { kind: 'sentence' }, text: shown };
  }
  if (path === 'reference_images' || path.startsWith('reference_images[')) return { target: { kind: 'references' }, text: shown };
  if (recipeParam && path === recipeParam) return { target: { kind: 'recipe' }, text: shown };
  return { target: { kind: 'general' }, text: message };
}

/** The error key a target is stored under in FormErrors, or null for general errors. */
export function errorKey(target: ErrorTarget): string | null {
  switch (target.kind) {
    case 'field':
      return target.key;
    case 'sentence':
      return SENTENCE_ERROR;
    case 'references':
      return REFERENCES_ERROR;
    case 'recipe':
      return RECIPE_ERROR;
    default:
      return null;
  }
}

/** The id of the input of one field, so errors can focus it and labels point at it. */
export const fieldInputId = (prefix: string, key: string): string => `${prefix}-f-${key}`;
export const sentenceInputId = (prefix: string): string => `${prefix}-sentence`;

/** What the caller typed for one skill or template: form values, or the one sentence. */
export interface Draft {
  values: FieldValues;
  sentence: string;
}

export const emptyDraft: Draft = { values: {}, sentence: '' };

/** A form when there is at least one field; otherwise one sentence. */
export const isForm = (fields: readonly FieldSpec[] | null | undefined): fields is readonly FieldSpec[] => !!fields && fields.length > 0;

export const SENTENCE_REQUIRED = 'Describe what you want in one sentence.';

/**
 * The `input` to send for a draft, or the errors that keep it from being sent. A form answers its
 * object; a sentence answers the trimmed text, or nothing when it is optional and left empty.
 */
export function collectInput(
  fields: readonly FieldSpec[] | null,
  sentence: 'required' | 'optional',
  draft: Draft,
): { input: string | Record<string, string> | undefined; errors: null } | { input: null; errors: FormErrors } {
  if (isForm(fields)) {
    const errors = validateFields(fields, draft.values);
    return Object.keys(errors).length > 0 ? { input: null, errors } : { input: formInput(fields, draft.values), errors: null };
  }
  const text = draft.sentence.trim();
  if (text === '' && sentence === 'required') return { input: null, errors: { [SENTENCE_ERROR]: SENTENCE_REQUIRED } };
  if (text.length > MAX_FIELD_CHARS) return { input: null, errors: { [SENTENCE_ERROR]: `At most ${MAX_FIELD_CHARS} characters.` } };
  return { input: text === '' ? undefined : text, errors: null };
}

/** The id of the input an error belongs to, for focusing the first problem. */
export function inputIdForError(prefix: string, key: string): string {
  return key === SENTENCE_ERROR ? sentenceInputId(prefix) : fieldInputId(prefix, key);
}
