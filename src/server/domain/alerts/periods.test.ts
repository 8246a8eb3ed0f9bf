import { describe, expect, it } from 'vitest';
import { periodStartDay, periodStartInstant } from './periods';

describe('alert periods (Asia/Shanghai)', () => {
  it('cuts days at midnight in Shanghai, not UTC', () => {
    expect(periodStartDay('day', new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(periodStartDay('day', new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
  it('starts weeks on Monday and months on the first', () => {
    // 2026-03-01 16:30 UTC is Monday 2 March 00:30 in Shanghai.
    expect(periodStartDay('week', new Date('2026-03-01T16:30:00Z'))).toBe('2026-03-02');
    expect(periodStartDay('week', new Date('2026-03-08T10:00:00Z'))).toBe('2026-03-02');
    expect(periodStartDay('month', new Date('2026-02-28T16:00:00Z'))).toBe('2026-03-01');
  });
  it('begins a period at 00:00 Shanghai time', () => {
    expect(periodStartInstant('2026-03-02').toISOString()).toBe('2026-03-01T16:00:00.000Z');
  });
});
