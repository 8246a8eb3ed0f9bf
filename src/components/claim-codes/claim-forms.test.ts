import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { claimCreditsOf, claimFormSchema as schemaIn } from './claim-forms';

const claimFormSchema = schemaIn(createTranslator({ locale: 'en', messages: en, namespace: 'claimCodes.forms' }));

const empty = { template_ids: [], credits: '', note: '', tutorial_pdf_url: '', tutorial_pdf_title: '' };
const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('claimFormSchema', () => {
  it('says what is missing before anything is sent', () => {
    expect(messages(claimFormSchema.safeParse(empty))).toEqual({
      template_ids: 'Pick at least one template.',
      credits: 'Enter the number of credits.',
    });
  });

  it('refuses what the contract refuses, in the form’s words where it has them', () => {
    expect(
      messages(
        claimFormSchema.safeParse({ ...empty, template_ids: ['t'], credits: '0', tutorial_pdf_url: 'ftp://x/a.pdf' }),
      ),
    ).toEqual({
      credits: 'Enter a whole number of credits, 1 or more.',
      tutorial_pdf_url: 'Enter a full link starting with https:// or http://.',
    });
    expect(messages(claimFormSchema.safeParse({ ...empty, template_ids: ['t'], credits: '20,000,000' }))).toEqual({
      credits: 'At most 10,000,000 credits per claim code.',
    });
  });

  it('refuses in Chinese on a Chinese page', () => {
    const chinese = schemaIn(createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'claimCodes.forms' }));
    expect(messages(chinese.safeParse({ ...empty, credits: '20,000,000', note: 'x'.repeat(501) }))).toEqual({
      template_ids: '请至少选择一个模板。',
      credits: '每个领取码最多 10,000,000 积分。',
      note: '最多 500 个字符。',
    });
  });

  it('hands over the body of claims.create, the title only with a link', () => {
    expect(
      claimFormSchema.parse({
        ...empty,
        template_ids: ['a', 'b'],
        credits: '60',
        note: ' 淘宝订单 ',
        tutorial_pdf_title: '教程',
      }),
    ).toEqual({
      template_ids: ['a', 'b'],
      credits: 60,
      count: 1,
      note: '淘宝订单',
      tutorial_pdf_url: undefined,
    });
    expect(
      claimFormSchema.parse({
        ...empty,
        template_ids: ['a'],
        credits: '1',
        tutorial_pdf_url: ' https://cdn.example.com/t.pdf ',
        tutorial_pdf_title: '教程',
      }),
    ).toMatchObject({ tutorial_pdf_url: 'https://cdn.example.com/t.pdf', tutorial_pdf_title: '教程' });
  });

  it('reads the number of codes: empty is one, 2-500 a batch, anything else refused in the form’s words', () => {
    const body = { ...empty, template_ids: ['a'], credits: '5' };
    expect(claimFormSchema.parse({ ...body, count: '' }).count).toBe(1);
    expect(claimFormSchema.parse({ ...body, count: ' 50 ' }).count).toBe(50);
    for (const count of ['0', '1.5', 'abc']) {
      expect(claimFormSchema.safeParse({ ...body, count }).error?.issues[0]?.message, count).toBe(
        'A whole number from 1 to 500.',
      );
    }
    expect(claimFormSchema.safeParse({ ...body, count: '501' }).error?.issues[0]?.message).toBe(
      'At most 500 codes per batch.',
    );
  });

  it('reads the amount for the allocatable hint', () => {
    expect(claimCreditsOf('100,000')).toBe(100000);
    expect(claimCreditsOf('')).toBeUndefined();
  });
});
