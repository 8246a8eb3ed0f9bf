import { describe, expect, it } from 'vitest';
import { parseSlice, presetOf, presetRange, shanghaiToday, writeSlice } from './slice-model';

describe('the usage slice filters', () => {
  it('counts presets from the Shanghai day, months included', () => {
    expect(shanghaiToday(new Date('2026-02-28T16:30:00Z'))).toBe('2026-03-01');
    expect(presetRange('lastMonth', '2026-03-01')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('thisMonth', '2026-03-09')).toEqual({ from: '2026-03-01', to: '2026-03-09' });
    expect(presetRange('7d', '2026-03-02')).toEqual({ from: '2026-02-24', to: '2026-03-02' });
    expect(presetOf({ from: '2026-03-02', to: '2026-03-02' }, '2026-03-02')).toBe('today');
    expect(presetOf({ from: '2026-01-02', to: '2026-03-02' }, '2026-03-02')).toBeNull();
  });

  it('reads the address and writes back only what differs from the default', () => {
    const today = '2026-11-28';
    const f = parseSlice(new URLSearchParams('from=2026-11-01&to=2026-11-15&group=member&member=abc'), today);
    expect(f).toEqual({ from: '2026-11-01', to: '2026-11-15', group: 'member', member: 'abc' });
    expect(parseSlice(new URLSearchParams('from=yesterday&group=provider'), today)).toEqual({
      from: '2026-10-30',
      to: '2026-11-28',
      group: 'category',
      member: '',
    });
    const url = new URL('https://studio.test/usage?days=7');
    writeSlice(url, f, today);
    expect(url.search).toBe('?days=7&from=2026-11-01&to=2026-11-15&group=member&member=abc');
    writeSlice(url, parseSlice(new URLSearchParams(''), today), today);
    expect(url.search).toBe('?days=7');
  });
});
