import { isRequired, MAX_INPUT_CHARS, type FieldSpec } from '@/contracts/slots';

/**
 * The fields contract of skills and templates, as the console shows it: which inputs to show, what
 * their placeholders and notes say. The checks live in fields-schema.ts; the server stays the judge
 * (see src/server/domain/templates/slots.ts).
 */

export type { FieldSpec };
/** The server's cap on one value. */
export const MAX_FIELD_CHARS = MAX_INPUT_CHARS;

export { isRequired };

/** The hint shown in an empty input: the field's placeholder, else an optional field's default. */
export function placeholderFor(f: FieldSpec): string | undefined {
  if (f.placeholder) return f.placeholder;
  if (!isRequired(f) && f.default) return f.default;
  return undefined;
}

/**
 * A line under the input that says what an empty optional field becomes, when its placeholder shows
 * something else; `leftEmpty` words it in the page's language ("Left empty: …").
 */
export function defaultNote(f: FieldSpec, leftEmpty: (value: string) => string): string | null {
  if (isRequired(f) || !f.default || !f.placeholder) return null;
  return leftEmpty(f.default);
}

/** A form when there is at least one field; otherwise one sentence. */
export const isForm = (fields: readonly FieldSpec[] | null | undefined): fields is readonly FieldSpec[] =>
  !!fields && fields.length > 0;
