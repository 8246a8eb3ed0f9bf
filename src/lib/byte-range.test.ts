import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';

const SIZE = 73;

describe('parseByteRange (RFC 9110 §14)', () => {
  it.each([
    ['bytes=0-0', { start: 0, end: 0 }],
    ['bytes=4-11', { start: 4, end: 11 }],
    ['bytes=5-', { start: 5, end: 72 }],
    ['bytes=0-1000', { start: 0, end: 72 }],
    ['bytes=72-72', { start: 72, end: 72 }],
    ['bytes=-10', { start: 63, end: 72 }],
    ['bytes=-73', { start: 0, end: 72 }],
    // A suffix longer than the file selects the whole file.
    ['bytes=-100', { start: 0, end: 72 }],
    ['BYTES=1-2', { start: 1, end: 2 }],
    [' bytes=1-2 ', { start: 1, end: 2 }],
    ['bytes= 1-2', { start: 1, end: 2 }],
    ['bytes=1-2,', { start: 1, end: 2 }],
    ['bytes=007-0009', { start: 7, end: 9 }],
    ['bytes=3-99999999999999999999999999', { start: 3, end: 72 }],
  ])('%s selects one range', (header, range) => {
    expect(parseByteRange(header, SIZE)).toEqual(range);
  });

  it.each([
    'bytes=-',
    'bytes=',
    'bytes=abc',
    'bytes=5-2',
    'bytes=99999999999999999999999999-3',
    'bytes=1 - 2',
    'bytes=+1-2',
    'bytes=1.5-2',
    'bytes=0x10-',
    'bytes=--5',
    'bytes=1-2-3',
    'bytes 1-2',
    '=0-1',
    'items=0-5',
    'bytes,x=0-5',
    'bytes=0-1,3-4',
    'bytes=0-1,-5',
    `bytes=0-1${','.repeat(100)}`,
    '',
  ])('%j is ignored: 200 with the whole file', (header) => {
    expect(parseByteRange(header, SIZE)).toBeNull();
  });

  it.each(['bytes=73-', 'bytes=73-80', 'bytes=100-200', 'bytes=-0', 'bytes=-000', 'bytes=99999999999999999999999999-'])(
    '%s is unsatisfiable: 416',
    (header) => {
      expect(parseByteRange(header, SIZE)).toBe('unsatisfiable');
    },
  );

  it('handles an empty file', () => {
    expect(parseByteRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-0', 0)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=-5', 0)).toBeNull();
  });

  it('ignores an absent header', () => {
    expect(parseByteRange(null, SIZE)).toBeNull();
    expect(parseByteRange(undefined, SIZE)).toBeNull();
  });
});
