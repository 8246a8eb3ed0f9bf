import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { redeemFormSchema } from './redeem-form-schema';

const schema = (locale: 'zh-CN' | 'en') => redeemFormSchema(createTranslator({ locale, messages: locale === 'en' ? en : zh, namespace: 'claim.errors' }));

describe('redeemFormSchema', () => {
  it('hands over a trimmed nickname and email', () => {
    expect(schema('zh-CN').parse({ nickname: ' 小林 ', email: ' lin@example.cn ' })).toEqual({ nickname: '小林', email: 'lin@example.cn' });
  });

  it('refuses in the page’s language', () => {
    const issues = (locale: 'zh-CN' | 'en') =>
      schema(locale)
        .safeParse({ nickname: '', email: 'lin@' })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('zh-CN')).toEqual([
      ['nickname', '请填写昵称'],
      ['email', '邮箱格式不正确'],
    ]);
    expect(issues('en')).toEqual([
      ['nickname', 'Enter a nickname'],
      ['email', 'This email address is not valid'],
    ]);
    expect(schema('zh-CN').safeParse({ nickname: '林'.repeat(51), email: 'lin@example.cn' }).error?.issues[0]?.message).toBe('昵称最多 50 个字');
  });
});
