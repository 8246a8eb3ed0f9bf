import { conversionAnswerSchema, type ConversionAnswer, type TextLayer } from '@/contracts/image-template';

/** What `POST /api/image-to-template` answers, and where the page draws each text on the image. */

export type ConversionOutcome = { ok: true; answer: ConversionAnswer } | { ok: false; error: string; status: number };

export type SubmitOutcome = { ok: true; jobId: string } | { ok: false; error: string; status: number };

/** What the page says itself: without the API's error text, and when the answer cannot be read. */
export interface ConversionWords {
  failed: (status: number) => string;
  unreadable: string;
}

const record = (body: unknown): Record<string, unknown> =>
  body && typeof body === 'object' ? (body as Record<string, unknown>) : {};

function refusal(status: number, body: unknown, words: ConversionWords): { ok: false; error: string; status: number } {
  const error = record(body).error;
  return { ok: false, error: typeof error === 'string' && error.trim() ? error.trim() : words.failed(status), status };
}

/** The synchronous answer as the page shows it: the conversion, or the API's own error text. */
export function parseConversion(status: number, body: unknown, words: ConversionWords): ConversionOutcome {
  if (record(body).ok !== true) return refusal(status, body, words);
  const parsed = conversionAnswerSchema.safeParse(body);
  return parsed.success ? { ok: true, answer: parsed.data } : { ok: false, error: words.unreadable, status };
}

/** The answer of a background run: its job id, or the API's error text. */
export function parseSubmitted(status: number, body: unknown, words: ConversionWords): SubmitOutcome {
  const b = record(body);
  if (b.ok !== true) return refusal(status, body, words);
  return typeof b.jobId === 'string' ? { ok: true, jobId: b.jobId } : { ok: false, error: words.unreadable, status };
}

/** Wide characters (CJK, kana, full-width forms) take about a full em; others about half. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Em widths of a text's longest line. */
export function textEms(text: string): number {
  const lines = text.split('\n');
  return Math.max(
    ...lines.map((line) => [...line].reduce((sum, ch) => sum + (WIDE.test(ch) ? 1 : ch === ' ' ? 0.3 : 0.55), 0)),
  );
}

export interface LayerBox {
  /** Percent of the image's width and height. */
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp01 = (n: number) => Math.min(1, Math.max(0, n));

/**
 * Where a text sits on the image, as percentages: centred on its `coords`, as tall as its lines
 * (`size_ratio` is the font size over the image's width) and as wide as its text is estimated to
 * be. `aspect` is the image's width over its height. Kept inside the image.
 */
export function layerBox(layer: Pick<TextLayer, 'coords' | 'size_ratio' | 'content'>, aspect: number): LayerBox {
  const lines = Math.max(1, layer.content.split('\n').length);
  const width = Math.min(1, Math.max(0.04, textEms(layer.content) * layer.size_ratio * 1.05));
  const height = Math.min(1, Math.max(0.02, lines * layer.size_ratio * 1.3 * (aspect > 0 ? aspect : 1)));
  const left = clamp01(Math.min(layer.coords.x - width / 2, 1 - width));
  const top = clamp01(Math.min(layer.coords.y - height / 2, 1 - height));
  const pct = (n: number) => Math.round(n * 10000) / 100;
  return { left: pct(left), top: pct(top), width: pct(width), height: pct(height) };
}
