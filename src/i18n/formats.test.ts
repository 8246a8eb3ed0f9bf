import { describe, expect, it } from 'vitest';
import { formats, timeZone } from './formats';

describe('date formats', () => {
  it('write the hour after midnight in Shanghai as 00, as browsers do, in both languages', () => {
    // 00:12 on 25 November in Shanghai: the server's ICU wrote "24:12" with hour12: false.
    const at = new Date('2026-11-24T16:12:00Z');
    for (const locale of ['en-US', 'zh-CN']) {
      const text = new Intl.DateTimeFormat(locale, { ...formats.dateTime.minute, timeZone }).format(at);
      expect(text).toContain('00:12');
      expect(text).not.toContain('24:');
    }
  });
});
