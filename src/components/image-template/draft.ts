import { TEMPLATE_VARIABLE_NAMES, isTemplateVariable, type TextLayer } from '@/contracts/image-template';
import { contractProblem, type FieldSpec } from '@/contracts/slots';
import { assignVariables, buildFields, buildPromptTemplate } from '@/contracts/template-draft';

/**
 * The template the user is shaping from a conversion: which texts stay variables and what their
 * fields are called. Built in the browser with the server's own functions (`contracts/template-draft`),
 * so slots are numbered (`{title}`, `{title_2}`) and labelled ("标题", "标题 2") as a conversion does,
 * and nothing is charged again.
 */

/** The user's choices, per text layer (by its index in the answer). */
export interface DraftChoices {
  /** Whether each text is a variable. */
  variable: boolean[];
  /** A label the user wrote, per layer; empty or absent means the default label. */
  labels: Record<number, string>;
}

export interface Draft {
  layers: TextLayer[];
  prompt_template: string;
  fields: FieldSpec[];
  /** The field of each layer (by index), or null for fixed text. */
  fieldOf: (FieldSpec | null)[];
  /** Why the draft cannot become a template as it stands; null when it can. */
  problem: DraftProblem | null;
}

/** A label longer than `max` (its first characters in `start`), or the template rules' own text. */
export type DraftProblem = { kind: 'longLabel'; start: string; max: number } | { kind: 'contract'; text: string };

const ALL = new Set(TEMPLATE_VARIABLE_NAMES);
export const MAX_LABEL = 100;

/** A slot as the prompt template writes it: `{title}` (notation, the same in every language). */
export const slotCode = (key: string): string => `{${key}}`;

/** Only a text whose role is one of the platform's variable names can be a variable. */
export const canBeVariable = (layer: Pick<TextLayer, 'role'>): boolean => isTemplateVariable(layer.role);

/** The choices the conversion made: its variables, and no labels of the user's. */
export function initialChoices(layers: readonly TextLayer[]): DraftChoices {
  return { variable: layers.map((l) => l.is_variable), labels: {} };
}

/** The choices with one text turned into a variable or back into fixed text. */
export function toggleVariable(choices: DraftChoices, index: number, on: boolean): DraftChoices {
  return { ...choices, variable: choices.variable.map((v, i) => (i === index ? on : v)) };
}

/** The choices with one text's label as the user typed it. */
export function setLabel(choices: DraftChoices, index: number, label: string): DraftChoices {
  return { ...choices, labels: { ...choices.labels, [index]: label } };
}

/** The prompt template and fields from the reading's prompt, the texts and the user's choices. */
export function buildDraft(prompt: string, layers: readonly TextLayer[], choices: DraftChoices): Draft {
  const { layers: out } = assignVariables(layers, ALL, (i) => choices.variable[i] === true);
  const labels: Record<string, string> = {};
  out.forEach((l, i) => {
    const label = choices.labels[i]?.trim();
    if (l.variable && label) labels[l.variable] = label;
  });
  const prompt_template = buildPromptTemplate(prompt, out);
  const fields = buildFields(out, labels);
  const bySlot = new Map(fields.map((f) => [f.key, f]));
  const fieldOf = out.map((l) => (l.variable ? (bySlot.get(l.variable) ?? null) : null));
  const long = fields.find((f) => [...f.label].length > MAX_LABEL);
  const rule = long ? null : contractProblem(prompt_template, fields);
  const problem: DraftProblem | null = long
    ? { kind: 'longLabel', start: [...long.label].slice(0, 12).join(''), max: MAX_LABEL }
    : rule
      ? { kind: 'contract', text: rule }
      : null;
  return { layers: out, prompt_template, fields, fieldOf, problem };
}
