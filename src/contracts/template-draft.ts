import { TEMPLATE_VARIABLES, isTemplateVariable, type TemplateVariable, type TextLayer } from './image-template';
import { MAX_FIELDS, type FieldSpec } from './slots';

/**
 * A conversion's template draft from its text layers: which texts become variables, the prompt
 * template and the fields. Shared by the server (the conversion's answer) and the console (the
 * draft the user edits before creating the template), so both number and label slots alike.
 * Pure functions, safe in browser bundles.
 */

/** A text as warnings quote it: in quotes, cut after 24 characters. */
export const quoteText = (text: string) => `"${[...text].length > 24 ? `${[...text].slice(0, 24).join('')}…` : text}"`;

/** A text layer before variables are assigned. */
export type PlainLayer = Omit<TextLayer, 'is_variable' | 'variable'>;

export interface Variablised {
  layers: TextLayer[];
  warnings: string[];
}

/**
 * Marks the layers whose role is an allowed variable: the first text of a role keeps the base name,
 * the next ones are `{role}_2`, `{role}_3`. Other texts stay fixed. At most {@link MAX_FIELDS} slots.
 * `chosen` (the console's per-text choice) keeps a text fixed when it answers false; numbering
 * then skips it, as if its role were not allowed.
 */
export function assignVariables(
  layers: readonly PlainLayer[],
  allowed: ReadonlySet<TemplateVariable>,
  chosen: (index: number) => boolean = () => true,
): Variablised {
  const warnings: string[] = [];
  const used = new Map<string, number>();
  let slots = 0;
  const out = layers.map((layer, i): TextLayer => {
    const role = layer.role;
    if (!isTemplateVariable(role) || !allowed.has(role) || !chosen(i)) {
      if (!isTemplateVariable(role))
        warnings.push(
          `text ${quoteText(layer.content)}: its role "${role}" is not a variable name; kept as fixed text`,
        );
      return { ...layer, is_variable: false, variable: null };
    }
    if (slots === MAX_FIELDS) {
      warnings.push(
        `text ${quoteText(layer.content)}: kept as fixed text, a template takes at most ${MAX_FIELDS} fields`,
      );
      return { ...layer, is_variable: false, variable: null };
    }
    const n = (used.get(role) ?? 0) + 1;
    used.set(role, n);
    slots += 1;
    return { ...layer, is_variable: true, variable: n === 1 ? role : `${role}_${n}` };
  });
  return { layers: out, warnings };
}

/** A text written into a prompt template as it is: braces doubled so they are never read as slots. */
export const literal = (text: string) => text.replace(/\{/g, '{{').replace(/\}/g, '}}');

const weightWords = (w: number) => (w >= 700 ? 'bold' : w <= 300 ? 'light' : 'regular');

/**
 * The prompt template: the reading's prompt, then each text with its approximate place and look,
 * variables as `{slot}`, fixed texts verbatim. Positions are deliberately approximate.
 */
export function buildPromptTemplate(prompt: string, layers: readonly TextLayer[]): string {
  const base = literal(prompt.trim());
  if (layers.length === 0) return base;
  const lines = layers.map((l, i) => {
    const text = l.is_variable && l.variable ? `{${l.variable}}` : literal(l.content);
    const size = Math.max(1, Math.round(l.size_ratio * 100));
    return (
      `${i + 1}. ${l.position}, ${l.alignment}-aligned, ${weightWords(l.font_weight)} ` +
      `${literal(l.font_category)}, ${l.color}, about ${size}% of the ` +
      `width${l.treatment !== 'none' ? `, ${literal(l.treatment)}` : ''}: "${text}"`
    );
  });
  return `${base}\n\nText on the image (positions approximate):\n${lines.join('\n')}\nRender each text exactly as given, in this layout.`;
}

/**
 * The field contract of the variables, in layer order: optional, defaulting to the text on the
 * image (so a template reproduces the original when a field is left out); labels from the caller's
 * `variable_labels`, else the platform's Chinese name (numbered for `_2`, `_3`).
 */
export function buildFields(layers: readonly TextLayer[], labels: Readonly<Record<string, string>>): FieldSpec[] {
  return layers.flatMap((l): FieldSpec[] => {
    if (!l.is_variable || !l.variable) return [];
    const base = l.role as TemplateVariable;
    const n = /_(\d+)$/.exec(l.variable)?.[1];
    const named = labels[base] ?? TEMPLATE_VARIABLES[base].zh;
    const text = l.content;
    return [
      {
        key: l.variable,
        label: labels[l.variable] ?? `${named}${n ? ` ${n}` : ''}`,
        type: [...text].length > 40 || text.includes('\n') ? 'textarea' : 'text',
        placeholder: [...text].slice(0, 500).join(''),
        required: false,
        default: text,
      },
    ];
  });
}
