import { describe, expect, it } from 'vitest';
import { KLING_KEY } from '@/contracts/upstreams';
import { joinKeyPair, splitKeyPair } from './key-pair-input';

describe('a key pair typed in two fields', () => {
  it('is joined as Kling takes it, and split back the same', () => {
    const key = joinKeyPair('AKxyz', 'SKabc');
    expect(key).toBe('AKxyz:SKabc');
    expect(KLING_KEY.test(key)).toBe(true);
    expect(splitKeyPair(key)).toEqual(['AKxyz', 'SKabc']);
  });

  it('stays empty when both halves are, so an edit keeps the stored key; half a pair is sent for the server to refuse', () => {
    expect(joinKeyPair('', '')).toBe('');
    expect(KLING_KEY.test(joinKeyPair('AKxyz', ''))).toBe(false);
    expect(splitKeyPair('')).toEqual(['', '']);
  });
});
