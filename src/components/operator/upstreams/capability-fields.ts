import { z } from 'zod';
import { CHANNEL_PRESETS } from '@/contracts/presets';
import { capabilitiesSchema, MEDIA_CAPABILITIES, type Capabilities, type Media } from '@/contracts/upstreams';

/**
 * A model's capabilities as form fields, read off capabilitiesSchema: a flag is a checkbox, a number a
 * number field, a list of fixed values a set of checkboxes (an open list, such as resolutions, also takes
 * typed values), a min/max object two number fields, and a list-or-rule union (sizes) a choice of the two.
 * A capability added to the schema shows up here without a change.
 */
export type CapabilityField =
  | { key: string; kind: 'flag'; defaultOn: boolean }
  | { key: string; kind: 'number' }
  | { key: string; kind: 'choices'; options: readonly string[]; open: boolean; numeric?: true }
  | { key: string; kind: 'range' }
  | { key: string; kind: 'sizes'; ruleKeys: readonly string[] }
  /** A list of numbers per name (resolution_durations: `1080p: 8; 720p: 4, 6, 8`), typed as text. */
  | { key: string; kind: 'lists' };

/** Flags whose absence means yes (capabilitiesSchema: `crop` defaults to true). */
const DEFAULT_ON = new Set(['crop']);

const unwrap = (s: z.ZodType): z.ZodType => (s instanceof z.ZodOptional ? unwrap(s.unwrap() as z.ZodType) : s);

/** Values the presets use for an open list (resolutions), so the common ones are a tick away. */
function presetValues(key: string): string[] {
  const seen = new Set<string>();
  for (const m of CHANNEL_PRESETS.flatMap((p) => p.models)) {
    const v = (m.capabilities as Record<string, unknown>)[key];
    if (Array.isArray(v)) for (const x of v) if (typeof x === 'string' || typeof x === 'number') seen.add(String(x));
  }
  return [...seen];
}

function fieldOf(key: string, schema: z.ZodType): CapabilityField | null {
  const s = unwrap(schema);
  if (s instanceof z.ZodBoolean) return { key, kind: 'flag', defaultOn: DEFAULT_ON.has(key) };
  if (s instanceof z.ZodNumber) return { key, kind: 'number' };
  if (s instanceof z.ZodArray) {
    const el = unwrap(s.element as z.ZodType);
    if (el instanceof z.ZodEnum) return { key, kind: 'choices', options: el.options as string[], open: false };
    // A list of numbers (durations) is typed and ticked as text, and sent as numbers.
    if (el instanceof z.ZodNumber)
      return { key, kind: 'choices', options: presetValues(key), open: true, numeric: true };
    return { key, kind: 'choices', options: presetValues(key), open: true };
  }
  if (s instanceof z.ZodObject && 'min' in s.shape && 'max' in s.shape) return { key, kind: 'range' };
  if (s instanceof z.ZodRecord) return { key, kind: 'lists' };
  if (s instanceof z.ZodUnion) {
    const rule = (s.options as z.ZodType[]).map(unwrap).find((o) => o instanceof z.ZodObject);
    if (rule instanceof z.ZodObject) return { key, kind: 'sizes', ruleKeys: Object.keys(rule.shape) };
  }
  return null;
}

export const CAPABILITY_FIELDS: readonly CapabilityField[] = Object.entries(capabilitiesSchema.shape).flatMap(
  ([key, schema]) => fieldOf(key, schema as z.ZodType) ?? [],
);

/** The capability fields that mean something for the media chosen, in the schema's order. */
export function capabilityFieldsFor(media: readonly Media[]): CapabilityField[] {
  const keys = new Set<string>(media.flatMap((m) => MEDIA_CAPABILITIES[m]));
  return CAPABILITY_FIELDS.filter((f) => keys.has(f.key));
}

export interface SizesDraft {
  mode: 'auto' | 'list' | 'rule';
  list: string;
  rule: Record<string, string>;
}
/** A flag is true, false or null (not said); numbers are text as typed. */
export type CapabilityDraft = boolean | null | string | string[] | { min: string; max: string } | SizesDraft;
export type CapabilitiesDraft = Record<string, CapabilityDraft>;

const text = (v: unknown) => (typeof v === 'number' ? String(v) : '');

/** Every capability field, filled from the model's capabilities (empty where it says nothing). */
export function capabilitiesDraftOf(caps: Capabilities = {}): CapabilitiesDraft {
  const given = caps as Record<string, unknown>;
  return Object.fromEntries(
    CAPABILITY_FIELDS.map((f): [string, CapabilityDraft] => {
      const v = given[f.key];
      switch (f.kind) {
        case 'flag':
          return [f.key, typeof v === 'boolean' ? v : null];
        case 'number':
          return [f.key, text(v)];
        case 'choices':
          return [f.key, Array.isArray(v) ? v.map(String) : []];
        case 'lists':
          return [f.key, v && typeof v === 'object' ? listsText(v as Record<string, unknown>) : ''];
        case 'range': {
          const r = (v ?? {}) as { min?: unknown; max?: unknown };
          return [f.key, { min: text(r.min), max: text(r.max) }];
        }
        case 'sizes': {
          const rule = Object.fromEntries(f.ruleKeys.map((k) => [k, '']));
          if (Array.isArray(v)) return [f.key, { mode: 'list', list: v.join(', '), rule }];
          if (v && typeof v === 'object') {
            for (const [k, n] of Object.entries(v)) rule[k] = text(n);
            return [f.key, { mode: 'rule', list: '', rule }];
          }
          return [f.key, { mode: 'auto', list: '', rule }];
        }
      }
    }),
  );
}

/** `{"1080p": [8], "720p": [4, 6]}` as `1080p: 8; 720p: 4, 6`. */
const listsText = (v: Record<string, unknown>) =>
  Object.entries(v)
    .map(([k, n]) => `${k}: ${Array.isArray(n) ? n.join(', ') : String(n)}`)
    .join('; ');

/** `1080p: 8; 720p: 4, 6` back to its object; a part without a name or numbers is sent as read for the server to judge. */
function listsOf(text: string): Record<string, (number | undefined)[]> | undefined {
  const parts = text
    .split(';')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return undefined;
  return Object.fromEntries(
    parts.map((p) => {
      const [name = '', list = ''] = p.split(':');
      return [
        name.trim(),
        list
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(num),
      ];
    }),
  );
}

/** Text as typed to a number for the server to judge: blank is left out, anything else is sent as read. */
const num = (s: string) => (s.trim() === '' ? undefined : Number(s.trim()));

/** The capabilities a draft says, only those of the media chosen; what was left empty is not sent. */
export function capabilitiesOf(draft: CapabilitiesDraft, media: readonly Media[]): Capabilities {
  const out: Record<string, unknown> = {};
  for (const f of capabilityFieldsFor(media)) {
    const v = draft[f.key];
    if (f.kind === 'flag' && typeof v === 'boolean') out[f.key] = v;
    if (f.kind === 'number' && typeof v === 'string' && num(v) !== undefined) out[f.key] = num(v);
    if (f.kind === 'choices' && Array.isArray(v) && v.length > 0) out[f.key] = f.numeric ? v.map((x) => num(x)) : v;
    if (f.kind === 'lists' && typeof v === 'string' && listsOf(v)) out[f.key] = listsOf(v);
    if (f.kind === 'range' && v && typeof v === 'object' && 'min' in v) {
      if (v.min.trim() !== '' || v.max.trim() !== '') out[f.key] = { min: num(v.min), max: num(v.max) };
    }
    if (f.kind === 'sizes' && v && typeof v === 'object' && 'mode' in v) {
      if (v.mode === 'list') out[f.key] = v.list.split(/[\s,]+/).filter(Boolean);
      if (v.mode === 'rule')
        out[f.key] = Object.fromEntries(
          Object.entries(v.rule).flatMap(([k, n]) => (num(n) === undefined ? [] : [[k, num(n)]])),
        );
    }
  }
  return out;
}

export interface CapabilityWording {
  label: (key: string) => string;
  seconds: (min: number, max: number) => string;
  rule: (key: string) => string;
}

/** What a model can do in words: "Reference images", "Qualities: low, medium, high", "Duration: 4–15 s". */
export function capabilityWords(caps: Capabilities, w: CapabilityWording): string[] {
  return Object.entries(caps as Record<string, unknown>).flatMap(([key, v]): string[] => {
    if (v === true) return [w.label(key)];
    if (v === false || v === undefined || v === null) return [];
    if (Array.isArray(v)) return v.length === 0 ? [] : [`${w.label(key)}: ${v.join(', ')}`];
    if (typeof v === 'object' && 'min' in v && 'max' in v)
      return [`${w.label(key)}: ${w.seconds(Number(v.min), Number(v.max))}`];
    if (typeof v === 'object')
      return [
        `${w.label(key)}: ${Object.entries(v)
          .map(([k, n]) => `${w.rule(k)} ${String(n)}`)
          .join(', ')}`,
      ];
    return [`${w.label(key)}: ${typeof v === 'number' || typeof v === 'string' ? String(v) : JSON.stringify(v)}`];
  });
}
