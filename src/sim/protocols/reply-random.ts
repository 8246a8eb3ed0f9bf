import { createHash } from 'node:crypto';
import { mulberry32 } from '@/lib/random';

/** Seeded choices for the simulated chat model: the same conversation always picks the same words. */

export type Rnd = () => number;

export function seeded(text: string): Rnd {
  return mulberry32(createHash('sha256').update(text).digest().readUInt32BE(0));
}

export function pick<T>(rnd: Rnd, items: readonly T[]): T {
  const item = items[Math.floor(rnd() * items.length) % items.length];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

export function pickSome<T>(rnd: Rnd, items: readonly T[], count: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < count && pool.length > 0) {
    const [item] = pool.splice(Math.floor(rnd() * pool.length) % pool.length, 1);
    if (item !== undefined) out.push(item);
  }
  return out;
}
