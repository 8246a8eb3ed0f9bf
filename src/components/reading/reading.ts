/** What `POST /api/reverse` answers, and what the page does with it. */

/** The six parts of a reading, in their order; their names are `reading.parts.<key>`. */
export const SCULPT_PARTS = ['subject', 'composition', 'universe', 'light', 'print', 'texture'] as const;

export type SculptKey = (typeof SCULPT_PARTS)[number];

export interface Reading {
  sculpt: Record<SculptKey, string>;
  prompt: string;
  prompt_cn: string;
  style_tags: string[];
  aspect_ratio: string;
  zh_name: string;
  description: string;
  genre: string;
  ratio: string;
  body_md: string;
}

export type ReadingAnswer = { ok: true; reading: Reading } | { ok: false; error: string };

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/** The answer's body as the page shows it: a reading, or the API's own error text (`failed` says what happened without one). */
export function parseReading(status: number, body: unknown, failed: (status: number) => string): ReadingAnswer {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  if (b.ok !== true) {
    const error = text(b.error).trim();
    return { ok: false, error: error || failed(status) };
  }
  const sculpt = (b.sculpt && typeof b.sculpt === 'object' ? b.sculpt : {}) as Record<string, unknown>;
  return {
    ok: true,
    reading: {
      sculpt: Object.fromEntries(SCULPT_PARTS.map((key) => [key, text(sculpt[key])])) as Record<SculptKey, string>,
      prompt: text(b.prompt),
      prompt_cn: text(b.prompt_cn),
      style_tags: Array.isArray(b.style_tags) ? b.style_tags.map(text).filter(Boolean) : [],
      aspect_ratio: text(b.aspect_ratio),
      zh_name: text(b.zh_name),
      description: text(b.description),
      genre: text(b.genre),
      ratio: text(b.ratio),
      body_md: text(b.body_md),
    },
  };
}

/** The Playground, its prompt form filled with the reading's prompt and ratio. */
export function similarImageHref(reading: Pick<Reading, 'prompt' | 'prompt_cn' | 'ratio' | 'aspect_ratio'>): string {
  const params = new URLSearchParams();
  const prompt = reading.prompt || reading.prompt_cn;
  if (prompt) params.set('prompt', prompt);
  const ratio = reading.ratio || reading.aspect_ratio;
  if (ratio) params.set('ratio', ratio);
  const query = params.toString();
  return query ? `/playground?${query}` : '/playground';
}
