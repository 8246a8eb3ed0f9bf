import { describe, expect, it } from 'vitest';
import { shanghaiText, spendCapRefusal, spendWindow } from './spend-cap';

describe('spend cap periods on the Shanghai calendar', () => {
  it('cut days at midnight Asia/Shanghai (16:00 UTC)', () => {
    expect(spendWindow('day', new Date('2026-11-30T15:59:59Z'))).toEqual({
      label: 'day:2026-11-30',
      resetsAt: new Date('2026-11-30T16:00:00Z'),
    });
    expect(spendWindow('day', new Date('2026-11-30T16:00:00Z')).label).toBe('day:2026-12-01');
  });

  it('start weeks on Monday, Shanghai time', () => {
    // Sunday 2026-12-06 23:30 in Shanghai is still the week of Monday 2026-11-30 …
    expect(spendWindow('week', new Date('2026-12-06T15:30:00Z'))).toEqual({
      label: 'week:2026-11-30',
      resetsAt: new Date('2026-12-06T16:00:00Z'),
    });
    // … and Monday 00:30 in Shanghai (still Sunday in UTC) begins the next.
    expect(spendWindow('week', new Date('2026-12-06T16:30:00Z')).label).toBe('week:2026-12-07');
  });

  it('turn months and years over at Shanghai midnight', () => {
    expect(spendWindow('month', new Date('2026-12-31T15:59:00Z'))).toEqual({
      label: 'month:2026-12',
      resetsAt: new Date('2026-12-31T16:00:00Z'),
    });
    expect(spendWindow('month', new Date('2026-12-31T16:01:00Z')).label).toBe('month:2027-01');
    expect(spendWindow('month', new Date('2027-02-10T00:00:00Z')).resetsAt).toEqual(new Date('2027-02-28T16:00:00Z'));
  });

  it('name the rule, the reset time in Shanghai and that retrying before it will not help', () => {
    const refusal = spendCapRefusal({ credits: 500, period: 'day' }, 4, new Date('2026-11-30T10:00:00Z'));
    expect(refusal.status).toBe(402);
    expect(refusal.message).toBe(
      'Key policy "spend_cap": this key may spend 500 credits a day and this request\'s 4 credits would pass it; ' +
        'the cap resets at 2026-12-01 00:00 (Asia/Shanghai), retrying before then will not help',
    );
    expect(shanghaiText(new Date('2026-11-30T16:00:00Z'))).toBe('2026-12-01 00:00 (Asia/Shanghai)');
  });
});
