import type { useTranslations } from 'next-intl';
import { z } from 'zod';
import { choiceProblem, fieldType, numberProblem } from '@/contracts/slots';
import { isRequired, MAX_FIELD_CHARS, isForm, type FieldSpec } from './field-model';

/**
 * The inputs of skills and templates as form state: what was typed for each one is kept apart (a
 * "draft" per recipe), so switching between them keeps the text, and the chosen one is checked the
 * way the server checks it before anything is sent.
 */

/** The refusals of recipe inputs, from the `fields.errors` catalogue (`useTranslations` or `createTranslator`). */
export type FieldErrors = ReturnType<typeof useTranslations<'fields.errors'>>;

/** What was typed for one skill or template: its form's values, or its one sentence; absent until typed. */
export interface Draft {
  values?: Record<string, string | undefined>;
  sentence?: string;
}

/** The part of a form that holds the drafts, by recipe key. */
export interface DraftsValues {
  drafts: Record<string, Draft>;
}

export const draftsSchema = z.record(
  z.string(),
  z.object({ values: z.record(z.string(), z.string().optional()).optional(), sentence: z.string().optional() }),
);

/** What a skill or template takes: a form when it has fields, else one sentence. */
export interface InputShape {
  fields: readonly FieldSpec[] | null;
  sentence: 'required' | 'optional';
}

/** The `input` of a request, as the console sends it. */
export type RecipeInput = string | Record<string, string> | undefined;

const typed = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());

function fieldSchema(f: FieldSpec, t: FieldErrors) {
  return typed
    .refine((v) => v !== '' || !isRequired(f), t('required', { label: f.label }))
    .refine((v) => v.length <= MAX_FIELD_CHARS, t('tooLong', { label: f.label, max: MAX_FIELD_CHARS }))
    .superRefine((v, ctx) => {
      const problem = v === '' ? null : typeProblem(f, v, t);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

/** A choice not among the options or a number out of range, in the page's words (the server checks the same). */
function typeProblem(f: FieldSpec, v: string, t: FieldErrors): string | null {
  const type = fieldType(f);
  if (type === 'choice') return choiceProblem(f, v) ? t('notAChoice', { label: f.label }) : null;
  if (type !== 'number' || !numberProblem(f, v)) return null;
  const n = Number(v);
  if (!Number.isFinite(n) || v.trim() === '') return t('notANumber', { label: f.label });
  if (f.integer && !Number.isInteger(n)) return t('notWhole', { label: f.label });
  return f.min !== undefined && n < f.min
    ? t('tooSmall', { label: f.label, min: f.min })
    : t('tooLarge', { label: f.label, max: f.max ?? n });
}

/**
 * The values of a recipe's form, checked like the server does: a required field absent or blank is
 * refused, and so is a value over the length cap (issues in field order, under each field's key).
 * Answers the `input` object: trimmed values of the known fields, blank ones left out so the server
 * applies an optional field's default; keys that are not fields are never sent.
 */
export function fieldsFormSchema(fields: readonly FieldSpec[], t: FieldErrors) {
  const shape: Record<string, ReturnType<typeof fieldSchema>> = Object.fromEntries(
    fields.map((f) => [f.key, fieldSchema(f, t)]),
  );
  return z.object(shape).transform((values) => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')));
}

/** The one sentence of a recipe without fields: trimmed, capped, and left out (undefined) when optional and empty. */
export function sentenceSchema(required: boolean, t: FieldErrors) {
  return typed
    .refine((v) => v !== '' || !required, t('sentenceRequired'))
    .refine((v) => v.length <= MAX_FIELD_CHARS, t('sentenceTooLong', { max: MAX_FIELD_CHARS }))
    .transform((v) => (v === '' ? undefined : v));
}

/** A draft checked against what its recipe takes; issues sit at the draft's own inputs (`values.<key>` or `sentence`). */
export function draftSchema(shape: InputShape, t: FieldErrors): z.ZodType<RecipeInput, Draft> {
  if (isForm(shape.fields)) {
    return z.object({ values: fieldsFormSchema(shape.fields, t).prefault({}) }).transform((d) => d.values);
  }
  return z.object({ sentence: sentenceSchema(shape.sentence === 'required', t) }).transform((d) => d.sentence);
}

/**
 * Checks the draft of one recipe inside a form's schema and reports each problem under its input
 * (`drafts.<key>.…`), in the words of `t`. Answers the `input` to send, or null when the draft cannot be sent yet.
 */
export function checkDraft(
  ctx: z.RefinementCtx,
  draftKey: string,
  shape: InputShape,
  draft: Draft | undefined,
  t: FieldErrors,
): { input: RecipeInput } | null {
  const parsed = draftSchema(shape, t).safeParse(draft ?? {});
  if (parsed.success) return { input: parsed.data };
  for (const issue of parsed.error.issues)
    ctx.addIssue({ code: 'custom', message: issue.message, path: ['drafts', draftKey, ...issue.path] });
  return null;
}

export type DraftFieldName = `drafts.${string}.values.${string}` | `drafts.${string}.sentence`;

export const draftValueName = (draftKey: string, fieldKey: string): DraftFieldName =>
  `drafts.${draftKey}.values.${fieldKey}`;
export const draftSentenceName = (draftKey: string): DraftFieldName => `drafts.${draftKey}.sentence`;

/**
 * The input a refusal of the request's `input` belongs to: `input.<key>` goes under that field of a
 * form, `input` under the sentence. Null when no input of this recipe can show it (an unknown
 * field, or a problem with the form as a whole), so it is said under the form instead.
 */
export function draftFieldName(
  draftKey: string,
  shape: Pick<InputShape, 'fields'>,
  path: readonly PropertyKey[],
): DraftFieldName | null {
  if (path[0] !== 'input') return null;
  if (isForm(shape.fields)) {
    const key = path[1];
    return path.length === 2 && typeof key === 'string' && shape.fields.some((f) => f.key === key)
      ? draftValueName(draftKey, key)
      : null;
  }
  return path.length === 1 ? draftSentenceName(draftKey) : null;
}

/** `a.b[2]` for a request path, as the server writes it in its messages. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`)).join('');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Checks a request assembled from a form with the API's own schema, inside the form's schema. Each
 * problem goes under the input `fieldName` finds for its path, in the server's words, or else under
 * the form as a whole (`root.server`), as a refusal from the server would. Answers the request, or
 * null when it would be refused.
 */
export function checkRequest<T>(
  ctx: z.RefinementCtx,
  schema: z.ZodType<T>,
  body: unknown,
  fieldName: (path: readonly PropertyKey[]) => string | null,
): T | null {
  const checked = schema.safeParse(body);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) {
    const name = issue.path.length > 0 ? fieldName(issue.path) : null;
    ctx.addIssue(
      name
        ? { code: 'custom', message: capitalise(issue.message), path: name.split('.') }
        : {
            code: 'custom',
            message: issue.path.length > 0 ? `${pathText(issue.path)}: ${issue.message}` : capitalise(issue.message),
            path: ['root', 'server'],
          },
    );
  }
  return null;
}
