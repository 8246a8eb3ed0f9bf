/**
 * The sample a claim page shows for a template: its first address that can be an image (http, https or
 * a path on this Studio), or null. A template without one gets no picture at all, never an empty box.
 */
export function firstSample(samples: readonly string[]): string | null {
  for (const raw of samples) {
    const src = raw.trim();
    if (/^https?:\/\/\S+$/i.test(src) || /^\/(?!\/)\S*$/.test(src)) return src;
  }
  return null;
}
