import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { creditsOf, memberForms } from './member-forms';

const { createMemberSchema, quotaSchema } = memberForms(
  createTranslator({ locale: 'en', messages: en, namespace: 'members.forms' }),
);

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('createMemberSchema', () => {
  it('hands over the body of members.create', () => {
    expect(
      createMemberSchema.parse({ email: ' lin@example.cn ', nickname: ' 小林 ', mode: 'shared', credits: 'ignored' }),
    ).toEqual({
      email: 'lin@example.cn',
      nickname: '小林',
      shared: true,
    });
    expect(
      createMemberSchema.parse({ email: 'qing@example.cn', nickname: '阿青', mode: 'dedicated', credits: '１,２00' }),
    ).toEqual({
      email: 'qing@example.cn',
      nickname: '阿青',
      credits: 1200,
    });
  });

  it('says what is missing or wrong, field by field', () => {
    expect(
      messages(createMemberSchema.safeParse({ email: '', nickname: ' ', mode: 'dedicated', credits: '' })),
    ).toEqual({
      email: 'Enter the member’s email.',
      nickname: 'Enter a nickname.',
      credits: 'Enter the number of credits.',
    });
    expect(
      messages(
        createMemberSchema.safeParse({
          email: 'not-an-email',
          nickname: 'x'.repeat(101),
          mode: 'dedicated',
          credits: '1.5',
        }),
      ),
    ).toEqual({
      email: 'That does not look like an email address.',
      nickname: 'At most 100 characters.',
      credits: 'Enter a whole number of credits, 0 or more.',
    });
    expect(
      messages(
        createMemberSchema.safeParse({ email: 'a@b.cn', nickname: 'a', mode: 'dedicated', credits: '9'.repeat(30) }),
      ),
    ).toEqual({
      credits: 'That number is too large.',
    });
  });

  it('refuses in Chinese on a Chinese page', () => {
    const chinese = memberForms(createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'members.forms' }));
    expect(
      messages(
        chinese.createMemberSchema.safeParse({ email: 'x', nickname: 'x'.repeat(101), mode: 'dedicated', credits: '' }),
      ),
    ).toEqual({
      email: '邮箱格式不正确。',
      nickname: '最多 100 个字符。',
      credits: '请输入积分数量。',
    });
  });
});

describe('quotaSchema', () => {
  it('switches to the shared pool or sets an absolute number of credits', () => {
    expect(quotaSchema.parse({ mode: 'shared', credits: '' })).toEqual({ shared: true });
    expect(quotaSchema.parse({ mode: 'dedicated', credits: '0' })).toEqual({ credits: 0 });
    expect(messages(quotaSchema.safeParse({ mode: 'dedicated', credits: '-3' }))).toEqual({
      credits: 'Enter a whole number of credits, 0 or more.',
    });
  });

  it('reads an amount for the hints beside the field', () => {
    expect(creditsOf('1,001')).toBe(1001);
    expect(creditsOf('abc')).toBeUndefined();
  });
});
