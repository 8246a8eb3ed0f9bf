/**
 * The syntax of skill and template prompts, shared by the server (which fills them) and the console
 * (which previews and checks forms). No imports: safe in browser bundles.
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
