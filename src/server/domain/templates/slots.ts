import {
  choiceProblem,
  fieldType,
  imageSlotText,
  MAX_INPUT_CHARS,
  numberProblem,
  SENTENCE_SLOT,
  SLOT,
  slotsOf,
  type FieldSpec,
} from '@/contracts/slots';
import { fieldError, type FieldIssue } from '@/server/errors';

/**
 * Deterministic `{key}` substitution for skills and templates. The server fills the slots itself;
 * no model ever expands them. `{{` and `}}` write a literal brace.
 */

export type SlotInput = string | Record<string, string | number | boolean> | undefined;

/** An image field's value as the caller gave it (a file URL or upload key), to be checked and sent as a reference. */
export interface FieldImage {
  path: FieldIssue['path'];
  value: string;
}

/**
 * Fills the slots of `prompt` from `input` following the fields contract. A form (fields given)
 * takes an object: required fields must be present and not blank (400 naming the field, so a
 * placeholder never reaches a prompt); optional ones fall back to their default or to nothing;
 * unknown keys are refused. Without fields, `input` is one sentence: it fills `{input}`, or is
 * appended when the prompt has no such slot. A choice must be one of its options, a number within
 * its range (its canonical text fills the slot); an image field's value goes to `opts.images` and its
 * slot reads "the reference image N" ("参考图N" when the prompt is Chinese). Without `opts.images` the caller takes no images: an image field
 * is refused rather than dropped.
 */
export function fillSlots(
  prompt: string,
  fields: readonly FieldSpec[] | null,
  input: SlotInput,
  opts: { path?: FieldIssue['path']; sentenceRequired?: boolean; images?: FieldImage[] } = {},
): string {
  const at = (...rest: string[]) => [...(opts.path ?? []), 'input', ...rest];
  const values = new Map<string, string>();
  if (!fields || fields.length === 0) {
    if (input !== undefined && typeof input !== 'string') {
      throw fieldError(at(), 'this recipe takes one sentence, not an object');
    }
    const sentence = (input ?? '').trim();
    if (sentence === '' && opts.sentenceRequired) throw fieldError(at(), 'describe what you want in one sentence');
    if (sentence.length > MAX_INPUT_CHARS) throw fieldError(at(), `at most ${MAX_INPUT_CHARS} characters`);
    if (!slotsOf(prompt).includes(SENTENCE_SLOT)) {
      return sentence === '' ? substitute(prompt, values) : `${substitute(prompt, values).trimEnd()}\n\n${sentence}`;
    }
    values.set(SENTENCE_SLOT, sentence);
    return substitute(prompt, values);
  }

  if (input === undefined || typeof input === 'string') {
    const keys = fields.map((f) => f.key).join(', ');
    throw fieldError(at(), `this is a form; send an object with the fields ${keys}`);
  }
  const known = new Set(fields.map((f) => f.key));
  const unknown = Object.keys(input).find((k) => !known.has(k));
  if (unknown !== undefined) {
    throw fieldError(at(unknown), `unknown field; the fields are ${[...known].join(', ')}`);
  }
  for (const f of fields) {
    const raw = input[f.key];
    const text = raw === undefined ? '' : String(raw).trim();
    if (text.length > MAX_INPUT_CHARS) throw fieldError(at(f.key), `at most ${MAX_INPUT_CHARS} characters`);
    if (text === '') {
      if (f.required !== false) throw fieldError(at(f.key), `required field "${f.label}" is missing`);
      values.set(f.key, f.default === undefined ? '' : valueOf(f, f.default, at(f.key), prompt, opts.images));
    } else {
      values.set(f.key, valueOf(f, text, at(f.key), prompt, opts.images));
    }
  }
  return substitute(prompt, values);
}

/** The text a field's given value puts in its slot, after the checks of its type. */
function valueOf(
  f: FieldSpec,
  text: string,
  path: FieldIssue['path'],
  prompt: string,
  images: FieldImage[] | undefined,
): string {
  const type = fieldType(f);
  const problem = type === 'choice' ? choiceProblem(f, text) : type === 'number' ? numberProblem(f, text) : null;
  if (problem) throw fieldError(path, `"${f.label}" ${problem}`);
  if (type === 'number') return String(Number(text));
  if (type !== 'image') return text;
  if (!images) {
    throw fieldError(
      path,
      `"${f.label}" is an image field, and this kind of generation takes no reference images; use an image generation`,
    );
  }
  images.push({ path, value: text });
  return imageSlotText(images.length, prompt);
}

/** Replaces `{key}` with its value and `{{`/`}}` with a brace; a slot without a value becomes empty. */
export function substitute(prompt: string, values: ReadonlyMap<string, string>): string {
  return prompt.replace(SLOT, (whole, key: string | undefined) => {
    if (whole === '{{') return '{';
    if (whole === '}}') return '}';
    return values.get(key ?? '') ?? '';
  });
}
