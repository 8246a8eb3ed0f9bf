import { describe, expect, it } from 'vitest';
import { burnRate } from './burn';

describe('burnRate', () => {
  it('averages the week and says how many whole days the balance lasts', () => {
    const week = [0, 10, 20, 0, 30, 0, 10].map((total) => ({ total }));
    expect(burnRate(week, 100)).toEqual({ perDay: 10, daysLeft: 10 });
    expect(burnRate(week, 95)).toEqual({ perDay: 10, daysLeft: 9 });
  });

  it('gives no end date when nothing was used, and counts a day of net refunds as none', () => {
    expect(burnRate([{ total: 0 }, { total: 0 }], 50)).toEqual({ perDay: 0, daysLeft: null });
    expect(burnRate([{ total: -5 }, { total: 4 }], 8)).toEqual({ perDay: 2, daysLeft: 4 });
    expect(burnRate([], 8)).toEqual({ perDay: 0, daysLeft: null });
  });
});
