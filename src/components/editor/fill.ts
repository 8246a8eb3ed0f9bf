import { fieldType, imageSlotText, isRequired, SENTENCE_SLOT, SLOT, slotsOf, type FieldSpec } from '@/contracts/slots';
/**
 * The browser's copy of the server's slot rules, for the live preview of a template. It follows
 * `src/server/domain/templates/slots.ts` exactly (a unit test compares the two): `{key}` takes the
 * field's value, an optional field left blank takes its default (or nothing), `{{` and `}}` write a
 * literal brace, and a template without fields puts one sentence in `{input}`, or after the prompt.
 */

export {
  isRequired,
  KEY_PATTERN,
  MAX_FIELDS,
  MAX_INPUT_CHARS,
  SENTENCE_SLOT,
  slotsOf,
  type FieldSpec,
} from '@/contracts/slots';

/** A slot as it is written in a prompt: `{key}`. */
export const braced = (key: string) => `{${key}}`;

/**
 * Where a prompt and its fields disagree, as the server would refuse them: slots without a field
 * (with no fields, any slot but `{input}`) and fields the prompt does not use.
 */
export function contractGaps(
  prompt: string,
  fields: readonly Pick<FieldSpec, 'key' | 'type'>[],
): { slotsWithoutField: string[]; unusedFields: string[] } {
  const slots = slotsOf(prompt);
  if (fields.length === 0) return { slotsWithoutField: slots.filter((s) => s !== SENTENCE_SLOT), unusedFields: [] };
  const keys = new Set(fields.map((f) => f.key));
  return {
    slotsWithoutField: slots.filter((s) => !keys.has(s)),
    // An image field may stay out of the prompt: its image reaches the job as a reference anyway.
    unusedFields: [
      ...new Set(
        fields
          .filter((f) => fieldType(f) !== 'image')
          .map((f) => f.key)
          .filter((k) => k !== '' && !slots.includes(k)),
      ),
    ],
  };
}

/** One piece of a filled prompt, so a preview can mark what came from where. */
export type Segment =
  | { kind: 'text'; text: string }
  /** The caller's value for a field, or the sentence (`key` is `input`). */
  | { kind: 'value'; key: string; text: string }
  /** An optional field left blank, filled with its default. */
  | { kind: 'default'; key: string; text: string }
  /** An optional field left blank without a default: nothing is written. */
  | { kind: 'empty'; key: string }
  /** A required field left blank: the server refuses the request. */
  | { kind: 'missing'; key: string; label: string }
  /** A slot no field fills (the server refuses such a template): nothing is written. */
  | { kind: 'unknown'; key: string };

export interface Filled {
  segments: Segment[];
  /** The prompt exactly as the server would send it (blank where a required value is missing). */
  text: string;
  /** Required fields left blank: the server would answer 400 naming the first. */
  missing: FieldSpec[];
}

const textOf = (s: Segment) => ('text' in s ? s.text : '');

/**
 * Fills `prompt` from `input` the way the server does. `input` holds the values by field key; a
 * template without fields reads the sentence from `input.input`.
 */
export function fillPrompt(
  prompt: string,
  fields: readonly FieldSpec[] | null,
  input: Readonly<Record<string, string | undefined>>,
): Filled {
  const values = new Map<string, Segment>();
  const missing: FieldSpec[] = [];

  if (!fields || fields.length === 0) {
    const sentence = (input[SENTENCE_SLOT] ?? '').trim();
    if (!slotsOf(prompt).includes(SENTENCE_SLOT)) {
      const segments = substitute(prompt, values);
      if (sentence !== '') {
        trimEnd(segments);
        segments.push({ kind: 'text', text: '\n\n' }, { kind: 'value', key: SENTENCE_SLOT, text: sentence });
      }
      return finish(segments, missing);
    }
    values.set(
      SENTENCE_SLOT,
      sentence === '' ? { kind: 'empty', key: SENTENCE_SLOT } : { kind: 'value', key: SENTENCE_SLOT, text: sentence },
    );
    return finish(substitute(prompt, values), missing);
  }

  let images = 0;
  for (const f of fields) {
    const text = (input[f.key] ?? '').trim();
    if (text !== '') values.set(f.key, { kind: 'value', key: f.key, text: slotValue(f, text, prompt, () => ++images) });
    else if (isRequired(f)) {
      missing.push(f);
      values.set(f.key, { kind: 'missing', key: f.key, label: f.label });
    } else if (f.default) values.set(f.key, { kind: 'default', key: f.key, text: f.default });
    else values.set(f.key, { kind: 'empty', key: f.key });
  }
  return finish(substitute(prompt, values), missing);
}

/** What a given value writes in its slot: an image's place among the references, a number's canonical text. */
function slotValue(f: FieldSpec, text: string, prompt: string, nextImage: () => number): string {
  const type = fieldType(f);
  if (type === 'image') return imageSlotText(nextImage(), prompt);
  if (type === 'number' && Number.isFinite(Number(text))) return String(Number(text));
  return text;
}

function finish(segments: Segment[], missing: FieldSpec[]): Filled {
  // Neighbouring plain text is joined, so the preview renders few nodes.
  const merged: Segment[] = [];
  for (const s of segments) {
    const last = merged.at(-1);
    if (s.kind === 'text' && last?.kind === 'text') last.text += s.text;
    else if (s.kind !== 'text' || s.text !== '') merged.push(s);
  }
  return { segments: merged, text: merged.map(textOf).join(''), missing };
}

function substitute(prompt: string, values: ReadonlyMap<string, Segment>): Segment[] {
  const out: Segment[] = [];
  let at = 0;
  for (const m of prompt.matchAll(SLOT)) {
    if (m.index > at) out.push({ kind: 'text', text: prompt.slice(at, m.index) });
    at = m.index + m[0].length;
    if (m[0] === '{{') out.push({ kind: 'text', text: '{' });
    else if (m[0] === '}}') out.push({ kind: 'text', text: '}' });
    else {
      const key = m[1] ?? '';
      out.push({ ...(values.get(key) ?? { kind: 'unknown', key }) });
    }
  }
  if (at < prompt.length) out.push({ kind: 'text', text: prompt.slice(at) });
  return out;
}

/** Removes trailing white space across segments, as `String.trimEnd` does on the joined text. */
function trimEnd(segments: Segment[]): void {
  for (let i = segments.length - 1; i >= 0; i--) {
    const s = segments[i];
    if (!s || !('text' in s)) continue;
    s.text = s.text.trimEnd();
    if (s.text !== '') return;
    segments.splice(i, 1);
  }
}
