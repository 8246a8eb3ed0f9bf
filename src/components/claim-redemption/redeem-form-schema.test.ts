import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { redeemFormSchema } from './redeem-form-schema';

const schema = (locale: 'zh-CN' | 'en') => {
  const messages = locale === 'en' ? en : zh;
  return redeemFormSchema(
    createTranslator({ locale, messages, namespace: 'claim.errors' }),
    createTranslator({ locale, messages, namespace: 'passwords' }),
  );
};
const password = { password: 'spring-tea-8', confirm: 'spring-tea-8' };

describe('redeemFormSchema', () => {
  it('hands over a trimmed nickname and email, and the password as typed', () => {
    expect(schema('zh-CN').parse({ nickname: ' 小林 ', email: ' lin@example.cn ', ...password })).toEqual({
      nickname: '小林',
      email: 'lin@example.cn',
      ...password,
    });
  });

  it('refuses in the page’s language', () => {
    const issues = (locale: 'zh-CN' | 'en') =>
      schema(locale)
        .safeParse({ nickname: '', email: 'lin@', password: 'short', confirm: 'other' })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('zh-CN')).toEqual([
      ['nickname', '请填写昵称'],
      ['email', '邮箱格式不正确'],
      ['password', '密码至少 8 位'],
    ]);
    expect(issues('en')).toEqual([
      ['nickname', 'Enter a nickname'],
      ['email', 'This email address is not valid'],
      ['password', 'A password has at least 8 characters'],
    ]);
    expect(
      schema('zh-CN').safeParse({ nickname: '林'.repeat(51), email: 'lin@example.cn', ...password }).error?.issues[0]
        ?.message,
    ).toBe('昵称最多 50 个字');
  });

  it('asks for the same password twice, and refuses a NUL', () => {
    const mismatch = schema('zh-CN').safeParse({
      nickname: '小林',
      email: 'lin@example.cn',
      password: 'spring-tea-8',
      confirm: 'spring-tea-9',
    });
    expect(mismatch.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['confirm', '两次输入的密码不一致'],
    ]);
    const nul = schema('en').safeParse({
      nickname: '小林',
      email: 'lin@example.cn',
      password: 'spring\0tea',
      confirm: 'spring\0tea',
    });
    expect(nul.error?.issues[0]?.message).toBe('This password contains a character that is not allowed');
  });
});
