import { z } from 'zod';
import type { TemplateVariable } from '@/contracts/image-template';
import { quoteText as quote, type PlainLayer } from '@/contracts/template-draft';
import { MAX_INPUT_CHARS } from '@/contracts/slots';

/**
 * Turning what a vision model says about the texts on an image into the conversion's answer: the
 * layers normalised to the Text layer resource (ranges clamped, gaps filled, each change listed as a
 * warning). Variables, the prompt template and the fields are made from them by `contracts/template-draft.ts`
 * (shared with the console). Pure functions: the model never writes a slot name or a field itself.
 */

/** The model's answer for the text-layer step; anything looser than "an array of layers" is a failed attempt. */
export const layersAnswerSchema = z.object({
  image_category: z.string().trim().min(1).max(80).optional(),
  text_layers: z.array(z.unknown()).max(200),
});

/** Most texts a conversion keeps; a poster with more is cut (and says so). */
export const MAX_LAYERS = 40;
const SIZE_RANGE = [0.005, 0.5] as const;
const ALIGNMENTS = ['left', 'center', 'right'] as const;

/** Roles models commonly write for the platform's variable names. */
const ROLE_SYNONYMS: Record<string, TemplateVariable> = {
  headline: 'title',
  heading: 'title',
  main_title: 'title',
  subheading: 'subtitle',
  sub_title: 'subtitle',
  subheadline: 'subtitle',
  text: 'body',
  paragraph: 'body',
  description: 'body',
  logo: 'brand',
  brand_name: 'brand',
  product_name: 'product',
  sale_price: 'price',
  current_price: 'price',
  list_price: 'original_price',
  old_price: 'original_price',
  tagline: 'slogan',
  button: 'cta',
  call_to_action: 'cta',
  phone: 'contact',
  website: 'contact',
  url: 'contact',
  address: 'location',
  venue: 'location',
  place: 'location',
};

export interface NormalisedLayers {
  layers: PlainLayer[];
  warnings: string[];
}

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function num(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return null;
}

/** A role as a slot-like name: lower case, words joined by `_`, synonyms mapped to the platform's names. */
export function normaliseRole(role: string): string {
  const name = role
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
    .replace(/[^a-z0-9_]/g, '')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '');
  return ROLE_SYNONYMS[name] ?? (name || 'text');
}

function hexColour(value: unknown): string | null {
  const s = str(value);
  if (!s) return null;
  const short = /^#?([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(s);
  if (short)
    return `#${short
      .slice(1, 4)
      .map((c) => `${c}${c}`)
      .join('')}`.toUpperCase();
  const long = /^#?([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(s);
  if (long?.[1]) return `#${long[1]}`.toUpperCase();
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})/i.exec(s);
  if (rgb)
    return `#${rgb
      .slice(1, 4)
      .map((c) => Math.min(255, Number(c)).toString(16).padStart(2, '0'))
      .join('')}`.toUpperCase();
  return null;
}

/** Words for where a point sits, for layers that came without a `position`. */
export function positionWords(x: number, y: number): string {
  const row = y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : 'middle';
  const col = x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : 'center';
  if (row === 'middle') return col === 'center' ? 'center' : `middle-${col}`;
  return `${row}-${col}`;
}

function clamp(value: number, [lo, hi]: readonly [number, number]): number {
  return Math.min(hi, Math.max(lo, value));
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/**
 * Each layer the model gave, in its order, as a complete Text layer: texts without content are
 * dropped, coordinates and sizes clamped, a missing or unreadable field filled with a neutral value.
 * Everything dropped or filled is named in `warnings`.
 */
export function normaliseLayers(raw: readonly unknown[]): NormalisedLayers {
  const warnings: string[] = [];
  const layers: NormalisedLayers['layers'] = [];
  for (const [i, item] of raw.entries()) {
    const l =
      item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : null;
    const content = l ? (str(l.content) ?? str(l.text)) : null;
    if (!l || !content) {
      warnings.push(`text_layers[${i}]: dropped, it had no text content`);
      continue;
    }
    if (layers.length === MAX_LAYERS) {
      warnings.push(`text_layers: only the first ${MAX_LAYERS} texts are kept; ${raw.length - i} more were dropped`);
      break;
    }
    const name = quote(content);
    const filled: string[] = [];
    const clamped: string[] = [];
    const coords = l.coords !== null && typeof l.coords === 'object' ? (l.coords as Record<string, unknown>) : {};
    const rawX = num(coords.x) ?? num(l.x);
    const rawY = num(coords.y) ?? num(l.y);
    if (rawX === null || rawY === null) filled.push('coords (centre assumed)');
    let x = rawX ?? 0.5;
    let y = rawY ?? 0.5;
    // Some models answer in percent: 0..100 read as a fraction when clearly out of 0..1.
    if (x > 1 && x <= 100 && y > 1 && y <= 100) {
      x /= 100;
      y /= 100;
      clamped.push('coords (read as percent)');
    }
    if (x < 0 || x > 1 || y < 0 || y > 1) clamped.push('coords');
    x = round(clamp(x, [0, 1]), 4);
    y = round(clamp(y, [0, 1]), 4);
    const rawSize = num(l.size_ratio);
    if (rawSize === null) filled.push('size_ratio');
    else if (rawSize < SIZE_RANGE[0] || rawSize > SIZE_RANGE[1]) clamped.push('size_ratio');
    const size = round(clamp(rawSize ?? 0.05, SIZE_RANGE), 4);
    const rawWeight = num(l.font_weight) ?? (str(l.font_weight) === 'bold' ? 700 : null);
    if (rawWeight === null) filled.push('font_weight');
    else if (rawWeight < 100 || rawWeight > 900 || rawWeight % 100 !== 0) clamped.push('font_weight');
    const weight = clamp(Math.round((rawWeight ?? 400) / 100) * 100, [100, 900]);
    const colour = hexColour(l.color);
    if (!colour) filled.push('color');
    const alignment = str(l.alignment)?.toLowerCase();
    const knownAlignment = ALIGNMENTS.find((a) => a === alignment);
    if (!knownAlignment) filled.push('alignment');
    const role = str(l.role);
    if (!role) filled.push('role');
    for (const f of ['position', 'font_category', 'treatment'] as const) if (!str(l[f])) filled.push(f);
    if (filled.length) warnings.push(`text ${name}: filled in ${filled.join(', ')}`);
    if (clamped.length) warnings.push(`text ${name}: clamped ${clamped.join(', ')} to the allowed range`);
    layers.push({
      role: role ? normaliseRole(role) : 'text',
      content: [...content].slice(0, MAX_INPUT_CHARS).join(''),
      position: str(l.position)?.slice(0, 60) ?? positionWords(x, y),
      coords: { x, y },
      font_category: str(l.font_category)?.slice(0, 40) ?? 'sans-serif',
      font_weight: weight,
      size_ratio: size,
      color: colour ?? '#000000',
      treatment: str(l.treatment)?.slice(0, 40) ?? 'none',
      alignment: knownAlignment ?? 'center',
    });
  }
  return { layers, warnings };
}
