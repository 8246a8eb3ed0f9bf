/** Output size for an aspect ratio: the long side is 1024 px, both sides multiples of 16. */
export function sizeForRatio(ratio: string): { width: number; height: number } {
  const [a, b] = ratio.split(':').map(Number) as [number, number];
  const long = 1024;
  const round16 = (x: number) => Math.max(16, Math.round(x / 16) * 16);
  return a >= b ? { width: long, height: round16((long * b) / a) } : { width: round16((long * a) / b), height: long };
}
