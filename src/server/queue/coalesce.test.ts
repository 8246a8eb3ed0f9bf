import { describe, expect, it } from 'vitest';
import { coalesce } from './coalesce';

describe('coalesce', () => {
  it('runs the calls of one turn of the event loop as one batch, and answers each its own value', async () => {
    const batches: number[][] = [];
    const double = coalesce((keys: number[]) => {
      batches.push(keys);
      return Promise.resolve(new Map(keys.map((k) => [k, k * 2])));
    });
    const answers = await Promise.all([double(1), double(2), double(3)]);
    expect(answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
    expect(await double(4)).toBe(8);
    expect(batches).toEqual([[1, 2, 3], [4]]);
  });

  it('gives a key asked for twice in one turn a second run, and a key without an answer undefined', async () => {
    const batches: string[][] = [];
    const find = coalesce((keys: string[]) => {
      batches.push(keys);
      return Promise.resolve(new Map(keys.filter((k) => k !== 'missing').map((k) => [k, k.toUpperCase()])));
    }, 'immediate');
    expect(await Promise.all([find('a'), find('a'), find('missing')])).toEqual(['A', 'A', undefined]);
    expect(batches).toEqual([['a', 'missing'], ['a']]);
  });

  it('rejects every call of a batch whose run fails, and recovers for the next', async () => {
    let fail = true;
    const run = coalesce((keys: number[]) =>
      fail ? Promise.reject(new Error('database down')) : Promise.resolve(new Map(keys.map((k) => [k, k]))),
    );
    const results = await Promise.allSettled([run(1), run(2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await run(3)).toBe(3);
  });
});
