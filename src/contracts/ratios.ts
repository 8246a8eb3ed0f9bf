/** Aspect ratios callers may ask for: `W:H` with whole numbers of one or two digits, between 1:4 and 4:1. */
export const RATIO_PATTERN = /^([1-9]\d?):([1-9]\d?)$/;

export function isSupportedRatio(ratio: string | null | undefined): ratio is string {
  const m = RATIO_PATTERN.exec(ratio ?? '');
  if (!m) return false;
  const r = Number(m[1]) / Number(m[2]);
  return r >= 0.25 && r <= 4;
}
