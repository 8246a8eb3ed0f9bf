import { describe, expect, it } from 'vitest';
import { redeemFormSchema } from './redeem-form-schema';

describe('redeemFormSchema', () => {
  it('hands over a trimmed nickname and email', () => {
    expect(redeemFormSchema.parse({ nickname: ' 小林 ', email: ' lin@example.cn ' })).toEqual({ nickname: '小林', email: 'lin@example.cn' });
  });

  it('refuses in the page’s language', () => {
    const issues = redeemFormSchema.safeParse({ nickname: '', email: 'lin@' }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['nickname', '请填写昵称'],
      ['email', '邮箱格式不正确'],
    ]);
    expect(redeemFormSchema.safeParse({ nickname: '林'.repeat(51), email: 'lin@example.cn' }).error?.issues[0]?.message).toBe('昵称最多 50 个字');
  });
});
