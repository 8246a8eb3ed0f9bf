import { z } from 'zod';
import {
  FIELD_TYPES,
  fieldSpecSchema,
  fieldsSchema,
  isRequired,
  type FieldSpec,
  type FieldType,
} from '@/contracts/slots';
import { worded } from './form-rules';

/** One field of a template's or skill's form as the fields builder edits it: every input a string or flag. */
export interface FieldDraft {
  key: string;
  label: string;
  type: FieldType;
  placeholder: string;
  help: string;
  required: boolean;
  default: string;
  /** Choice fields: the entries, a label left blank showing the value. */
  options: { value: string; label: string }[];
  /** Number fields: the bounds as typed (blank: none). */
  min: string;
  max: string;
  integer: boolean;
}

/** A bound as typed: blank is none, anything else the number it reads as (NaN when it is not one). */
const bound = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** The fields as the API takes them: optional parts only when given, a default only on optional fields. */
export function fieldSpecs(fields: readonly FieldDraft[]): FieldSpec[] {
  return fields.map((f) => ({
    key: f.key.trim(),
    label: f.label.trim(),
    ...(f.type !== 'text' ? { type: f.type } : {}),
    ...(f.placeholder.trim() && f.type !== 'image' && f.type !== 'choice' ? { placeholder: f.placeholder.trim() } : {}),
    ...(f.help.trim() ? { help: f.help.trim() } : {}),
    ...(f.required ? {} : { required: false }),
    ...(!f.required && f.default !== '' && f.type !== 'image' ? { default: f.default } : {}),
    ...(f.type === 'choice'
      ? {
          options: f.options.map((o) => ({
            value: o.value.trim(),
            ...(o.label.trim() ? { label: o.label.trim() } : {}),
          })),
        }
      : {}),
    ...(f.type === 'number'
      ? {
          ...(bound(f.min) !== undefined ? { min: bound(f.min) } : {}),
          ...(bound(f.max) !== undefined ? { max: bound(f.max) } : {}),
          ...(f.integer ? { integer: true } : {}),
        }
      : {}),
  }));
}

export function fieldDraftOf(f: FieldSpec): FieldDraft {
  return {
    key: f.key,
    label: f.label,
    type: f.type ?? 'text',
    placeholder: f.placeholder ?? '',
    help: f.help ?? '',
    required: isRequired(f),
    default: f.default ?? '',
    options: (f.options ?? []).map((o) => ({ value: o.value, label: o.label ?? '' })),
    min: f.min === undefined ? '' : String(f.min),
    max: f.max === undefined ? '' : String(f.max),
    integer: f.integer ?? false,
  };
}

/** A free key for a new field: field_1, field_2, … (or `base` itself when it is free). */
export function freeKey(fields: readonly Pick<FieldDraft, 'key'>[], base = 'field'): string {
  const taken = new Set(fields.map((f) => f.key));
  if (base !== 'field' && !taken.has(base)) return base;
  for (let n = 1; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

export function newField(fields: readonly Pick<FieldDraft, 'key'>[], key?: string): FieldDraft {
  return {
    key: key ?? freeKey(fields),
    label: '',
    type: 'text',
    placeholder: '',
    help: '',
    required: true,
    default: '',
    options: [],
    min: '',
    max: '',
    integer: false,
  };
}

/** The shape of the builder's rows, unchecked: what a form holds between edits. */
export const fieldDraftValues = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FIELD_TYPES),
  placeholder: z.string(),
  help: z.string(),
  required: z.boolean(),
  default: z.string(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
  min: z.string(),
  max: z.string(),
  integer: z.boolean(),
});

const spec = fieldSpecSchema.shape;

/** What the builder says of a row it refuses, in the page's language. */
export interface FieldWords {
  keyMissing: string;
  keyInvalid: string;
  labelMissing: string;
  notANumber: string;
}

const numberText = (message: string) =>
  z.string().refine((v) => v.trim() === '' || Number.isFinite(Number(v)), message);

/**
 * The builder's rows checked by the contract (`fieldsSchema`: keys, labels, lengths, one field per
 * key), answering the fields as the API takes them. Problems are reported on the row's input, e.g.
 * `[1, 'key']` for a key the first field already uses.
 */
export const fieldsRules = (words: FieldWords) =>
  z
    .array(
      fieldDraftValues.extend({
        key: z.string().min(1, { message: words.keyMissing, abort: true }).pipe(worded(spec.key, words.keyInvalid)),
        label: z.string().trim().min(1, words.labelMissing),
        min: numberText(words.notANumber),
        max: numberText(words.notANumber),
      }),
    )
    .transform(fieldSpecs)
    .pipe(fieldsSchema);
