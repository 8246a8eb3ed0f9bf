import { describe, expect, it } from 'vitest';
import { claimTexts, opensOnlyByCode } from './claim-texts';

/** The texts a seller pastes into a shop: what they promise must be what the code gives. */
describe('claim texts', () => {
  const base = { tenantName: '花漾小店', url: 'https://studio.test/claim/ABC', credits: 300, tutorialTitle: null };

  it('calls only the templates the code opens 专属 and names a public platform template as one', () => {
    const { product_copy, reply_text } = claimTexts({
      ...base,
      templates: [
        { name: '国潮海报', exclusive: true },
        { name: '节日海报', exclusive: true },
        { name: '电商主图', exclusive: false },
      ],
    });
    expect(product_copy).toContain('含 300 积分；2 款专属模板：「国潮海报」、「节日海报」；平台模板：「电商主图」。');
    expect(product_copy).not.toContain('3 款');
    expect(reply_text).toContain('权益内容：300 积分 + 专属模板「国潮海报」、「节日海报」 + 平台模板「电商主图」');
  });

  it('promises no 专属 template when every template is a public platform one', () => {
    const { product_copy } = claimTexts({ ...base, templates: [{ name: '电商主图', exclusive: false }] });
    expect(product_copy).not.toContain('专属模板');
    expect(product_copy).toContain('平台模板：「电商主图」');
  });

  it('tells the buyer the page asks for a password, and what happens to an existing account', () => {
    const { product_copy, reply_text } = claimTexts({ ...base, templates: [], tutorialTitle: '入门教程' });
    for (const text of [product_copy, reply_text]) {
      expect(text).toContain('设置登录密码');
      expect(text).not.toContain('填写昵称和邮箱即可');
    }
    expect(reply_text).toContain('原密码');
    expect(reply_text).toContain('《入门教程》');
    expect(product_copy).toContain('含 300 积分。');
  });

  it("counts the seller's own and gated platform templates as opened by the code", () => {
    expect(opensOnlyByCode({ tenantId: 'seller', gated: false }, 'seller')).toBe(true);
    expect(opensOnlyByCode({ tenantId: null, gated: true }, 'seller')).toBe(true);
    expect(opensOnlyByCode({ tenantId: null, gated: false }, 'seller')).toBe(false);
  });
});
