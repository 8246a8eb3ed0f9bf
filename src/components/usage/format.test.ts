import { createFormatter, createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { formats, timeZone } from '@/i18n/formats';
import {
  activeCategories,
  monthResetsLabel,
  monthResetsOn,
  formatCny,
  formatDuration,
  formatRate,
  longDay,
  parseDays,
  parseHours,
  quotaPercent,
  shanghaiTime,
  shortDay,
} from './format';

const english = createFormatter({ locale: 'en', timeZone, formats });
const chinese = createFormatter({ locale: 'zh-CN', timeZone, formats });
const seconds = createTranslator({ locale: 'en', messages: en, namespace: 'usage.duration' });
const miaos = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'usage.duration' });

describe('formatDuration', () => {
  it('reads as ms, then seconds, then minutes', () => {
    expect(formatDuration(seconds, null)).toBe('—');
    expect(formatDuration(seconds, 0)).toBe('0 ms');
    expect(formatDuration(seconds, 850)).toBe('850 ms');
    expect(formatDuration(seconds, 999.6)).toBe('1000 ms');
    expect(formatDuration(seconds, 1000)).toBe('1.0 s');
    expect(formatDuration(seconds, 1234)).toBe('1.2 s');
    expect(formatDuration(seconds, 9_949)).toBe('9.9 s');
    expect(formatDuration(seconds, 9_950)).toBe('10 s');
    expect(formatDuration(seconds, 42_400)).toBe('42 s');
    expect(formatDuration(seconds, 60_000)).toBe('1 min');
    expect(formatDuration(seconds, 185_000)).toBe('3 min 5 s');
  });

  it('speaks Chinese on a Chinese page', () => {
    expect(formatDuration(miaos, 850)).toBe('850 毫秒');
    expect(formatDuration(miaos, 1234)).toBe('1.2 秒');
    expect(formatDuration(miaos, 185_000)).toBe('3 分 5 秒');
  });
});

describe('formatCny', () => {
  it('shows yuan to the fen', () => {
    expect(formatCny(english, 0.6)).toBe('¥0.60');
    expect(formatCny(english, 0)).toBe('¥0.00');
    expect(formatCny(english, 1234.5)).toBe('¥1,234.50');
    expect(formatCny(english, -0.4)).toBe('−¥0.40');
  });
});

describe('formatRate', () => {
  it('keeps one decimal only when needed', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(0.9523)).toBe('95.2%');
    expect(formatRate(0.5)).toBe('50%');
    expect(formatRate(0)).toBe('0%');
  });
});

describe('quotaPercent', () => {
  it('is bounded to 0–100', () => {
    expect(quotaPercent(8, 5000)).toBeCloseTo(0.16);
    expect(quotaPercent(6000, 5000)).toBe(100);
    expect(quotaPercent(-4, 5000)).toBe(0);
    expect(quotaPercent(0, 0)).toBe(0);
    expect(quotaPercent(3, 0)).toBe(100);
  });
});

describe('windows from the address', () => {
  it('accepts only the offered windows', () => {
    expect(parseDays('7')).toBe(7);
    expect(parseDays(['90', '7'])).toBe(90);
    expect(parseDays('14')).toBe(30);
    expect(parseDays(undefined)).toBe(30);
    expect(parseHours('168')).toBe(168);
    expect(parseHours('48')).toBe(24);
    expect(parseHours(null)).toBe(24);
  });
});

describe('days', () => {
  it('reads a Shanghai date as a calendar date, whatever the local time zone', () => {
    expect(shortDay(english, '2026-05-14')).toBe('5/14');
    expect(longDay(english, '2026-05-14')).toBe('Thu, May 14');
    expect(longDay(english, '2026-01-01')).toBe('Thu, Jan 1');
    expect(longDay(chinese, '2026-05-14')).toBe('5月14日周四');
    expect(shortDay(english, 'not a date')).toBe('not a date');
  });

  it('shows report times on the Shanghai clock', () => {
    // 23:30 UTC is 07:30 the next morning in Shanghai.
    expect(shanghaiTime(english, '2026-05-13T23:30:00.000Z')).toBe('May 14, 2026, 07:30');
    expect(shanghaiTime(chinese, '2026-05-13T23:30:00.000Z')).toBe('2026年5月14日 07:30');
  });
});

describe('activeCategories', () => {
  it('lists the categories with credits, or all of them when nothing was used', () => {
    expect(activeCategories({ image: 8, video: 0, chat: 2, reverse: 0, other: 0, article: 0, total: 10 })).toEqual([
      'image',
      'chat',
    ]);
    expect(activeCategories({ image: 0, video: 0, chat: 0, reverse: 0, other: 0, article: 3, total: 3 })).toEqual([
      'article',
    ]);
    expect(activeCategories({ image: 0, video: 0, chat: 0, reverse: 0, other: 0, article: 0, total: 0 })).toHaveLength(
      6,
    );
  });
});

describe('monthResetsOn', () => {
  it('names the first of the next Shanghai month', () => {
    expect(monthResetsOn('2026-05-14T03:00:00.000Z')).toBe('2026-06-01');
    // 31 Dec 20:00 UTC is already 1 Jan in Shanghai.
    expect(monthResetsOn('2026-12-31T20:00:00.000Z')).toBe('2027-02-01');
    expect(monthResetsOn('2026-12-31T10:00:00.000Z')).toBe('2027-01-01');
    expect(monthResetsOn('nonsense')).toBeNull();
    expect(monthResetsLabel(english, '2026-05-14T03:00:00.000Z')).toBe('Jun 1');
    expect(monthResetsLabel(chinese, '2026-05-14T03:00:00.000Z')).toBe('6月1日');
  });
});
