import { describe, expect, it } from 'vitest';
import { batchCsv, csvField, shanghaiTime } from './batch-csv';
import { batchTexts, LINK_PLACEHOLDER } from './batches';

/** What a seller pastes for a whole batch must promise what every code of it gives. */
describe('batch texts', () => {
  const base = { tenantName: '花漾小店', credits: 200, tutorialTitle: null };

  it('counts 专属 templates honestly and names platform templates as such', () => {
    const { product_copy, reply_text } = batchTexts({
      ...base,
      templates: [
        { name: '国潮海报', exclusive: true },
        { name: '电商主图', exclusive: false },
        { name: '节日海报', exclusive: false },
      ],
    });
    expect(product_copy).toContain('含 200 积分；1 款专属模板：「国潮海报」；平台模板：「电商主图」、「节日海报」。');
    expect(product_copy).not.toMatch(/[23] 款专属/);
    expect(reply_text).toContain('权益内容：200 积分 + 专属模板「国潮海报」 + 平台模板「电商主图」、「节日海报」');
  });

  it('promises no 专属 template when none is exclusive, and leaves the link to each buyer’s own', () => {
    const { product_copy, reply_text } = batchTexts({ ...base, templates: [{ name: '电商主图', exclusive: false }] });
    expect(product_copy).not.toContain('专属模板');
    expect(reply_text).toContain(`领取链接：${LINK_PLACEHOLDER}`);
    expect(product_copy).not.toContain(LINK_PLACEHOLDER);
  });
});

describe('batch CSV', () => {
  it('quotes commas, quotes and line breaks, and defuses spreadsheet formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('+86 138')).toBe("'+86 138");
    expect(csvField(-5)).toBe('-5');
  });

  it('starts with a byte order mark, ends rows with CRLF and writes times in Asia/Shanghai', () => {
    const at = new Date('2026-11-28T17:30:05Z');
    expect(shanghaiTime(at)).toBe('2026-11-29 01:30:05');
    const csv = batchCsv([
      { code: 'A1', link: 'https://s/claim/A1', credits: 5, state: 'open', redeemedBy: null, redeemedAt: null },
      {
        code: 'B2',
        link: 'https://s/claim/B2',
        credits: 5,
        state: 'redeemed',
        redeemedBy: { nickname: '小王', email: 'w@example.cn' },
        redeemedAt: at,
      },
    ]);
    expect(csv.startsWith('\uFEFFcode,link,credits,state,redeemed_by,redeemed_at\r\n')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'code,link,credits,state,redeemed_by,redeemed_at',
      'A1,https://s/claim/A1,5,open,,',
      'B2,https://s/claim/B2,5,redeemed,小王 <w@example.cn>,2026-11-29 01:30:05',
      '',
    ]);
  });
});
