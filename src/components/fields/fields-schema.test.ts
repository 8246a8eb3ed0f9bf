import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import type { FieldSpec } from './field-model';
import { checkRequest, draftFieldName, draftSchema, fieldsFormSchema, sentenceSchema } from './fields-schema';

const t = createTranslator({ locale: 'en', messages: en, namespace: 'fields.errors' });
const SENTENCE_REQUIRED = 'Describe what you want in one sentence.';

const fields: FieldSpec[] = [
  { key: 'product', label: '商品名称', placeholder: '便携无线榨汁杯' },
  { key: 'selling_points', label: '核心卖点', type: 'textarea', help: '用分号隔开' },
  { key: 'style', label: '视觉风格', required: false, default: '清新明亮的科技感' },
  { key: 'subtitle', label: '副标题', required: false, placeholder: '10分钟搞定', default: '无' },
];

const issuesOf = (result: { success: boolean; error?: z.ZodError }) =>
  (result.error?.issues ?? []).map((i) => ({ path: i.path, message: i.message }));

describe('fieldsFormSchema', () => {
  it('names each required field left empty or blank, by its label, in field order', () => {
    expect(issuesOf(fieldsFormSchema(fields, t).safeParse({ product: '  ', style: '' }))).toEqual([
      { path: ['product'], message: '“商品名称” is required.' },
      { path: ['selling_points'], message: '“核心卖点” is required.' },
    ]);
  });

  it('accepts a form whose required fields are filled, optional ones empty', () => {
    expect(fieldsFormSchema(fields, t).safeParse({ product: '榨汁杯', selling_points: '30秒出汁' }).success).toBe(true);
  });

  it('refuses a value over the server cap', () => {
    const issues = issuesOf(fieldsFormSchema(fields, t).safeParse({ product: 'x'.repeat(2001), selling_points: 'ok' }));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.path).toEqual(['product']);
    expect(issues[0]?.message).toBe('“商品名称” is too long: at most 2000 characters.');
  });

  it('refuses in the page’s language', () => {
    const zhT = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'fields.errors' });
    expect(issuesOf(fieldsFormSchema(fields, zhT).safeParse({ product: '榨汁杯' }))).toEqual([
      { path: ['selling_points'], message: '请填写“核心卖点”。' },
    ]);
    expect(issuesOf(sentenceSchema(true, zhT).safeParse(''))).toEqual([
      { path: [], message: '请用一句话描述你想要的内容。' },
    ]);
  });

  it('sends trimmed values of known fields only and leaves blank ones out for their default', () => {
    expect(
      fieldsFormSchema(fields, t).parse({
        product: ' 榨汁杯 ',
        selling_points: '30秒出汁\n续航15杯',
        style: '  ',
        stray: 'x',
      }),
    ).toEqual({
      product: '榨汁杯',
      selling_points: '30秒出汁\n续航15杯',
    });
  });
});

describe('sentenceSchema', () => {
  it('requires a sentence when asked to, caps it, and leaves an empty optional one out', () => {
    expect(issuesOf(sentenceSchema(true, t).safeParse('  '))).toEqual([{ path: [], message: SENTENCE_REQUIRED }]);
    expect(issuesOf(sentenceSchema(false, t).safeParse('x'.repeat(2001)))).toEqual([
      { path: [], message: 'At most 2000 characters.' },
    ]);
    expect(sentenceSchema(false, t).parse('')).toBeUndefined();
    expect(sentenceSchema(true, t).parse(' 一碗面 ')).toBe('一碗面');
  });
});

describe('draftSchema', () => {
  it('answers the object of a form, or its errors under the draft’s values', () => {
    const form = draftSchema({ fields, sentence: 'required' }, t);
    expect(form.parse({ values: { product: 'a', selling_points: 'b' }, sentence: 'ignored' })).toEqual({
      product: 'a',
      selling_points: 'b',
    });
    expect(issuesOf(form.safeParse({ values: { product: 'a' }, sentence: '' }))).toEqual([
      { path: ['values', 'selling_points'], message: '“核心卖点” is required.' },
    ]);
    // Nothing typed yet: every required field is named.
    expect(issuesOf(form.safeParse({})).map((i) => i.path)).toEqual([
      ['values', 'product'],
      ['values', 'selling_points'],
    ]);
  });

  it('requires the sentence of a one-sentence skill', () => {
    const sentence = draftSchema({ fields: null, sentence: 'required' }, t);
    expect(issuesOf(sentence.safeParse({ values: {}, sentence: '   ' }))).toEqual([
      { path: ['sentence'], message: SENTENCE_REQUIRED },
    ]);
    expect(sentence.parse({ values: {}, sentence: ' 一碗红烧牛肉面 ' })).toBe('一碗红烧牛肉面');
  });

  it('leaves an optional sentence out when it is empty; fields: [] is a sentence too', () => {
    const optional = draftSchema({ fields: [], sentence: 'optional' }, t);
    expect(optional.safeParse({ values: {}, sentence: '' })).toEqual({ success: true, data: undefined });
    expect(optional.parse({ sentence: '加一点雪' })).toBe('加一点雪');
  });
});

describe('draftFieldName', () => {
  it('puts a refused field of a form under that field', () => {
    expect(draftFieldName('skill:poster', { fields }, ['input', 'product'])).toBe('drafts.skill:poster.values.product');
  });

  it('keeps an unknown field, or a problem with the form as a whole, for the form', () => {
    expect(draftFieldName('skill:poster', { fields }, ['input', 'colour'])).toBeNull();
    expect(draftFieldName('skill:poster', { fields }, ['input'])).toBeNull();
  });

  it('puts a sentence problem under the sentence', () => {
    expect(draftFieldName('skill:try-on', { fields: null }, ['input'])).toBe('drafts.skill:try-on.sentence');
    expect(draftFieldName('skill:try-on', { fields: [] }, ['input', 'x'])).toBeNull();
  });

  it('answers nothing for paths outside the input', () => {
    expect(draftFieldName('skill:poster', { fields }, ['reference_images', 0])).toBeNull();
  });
});

describe('checkRequest', () => {
  const request = z.strictObject({
    name: z.string().min(1, 'must not be empty'),
    size: z.number().int('must be whole').optional(),
  });

  it('answers the parsed request, or reports each problem where fieldName puts it and the rest under the form', () => {
    const issues: { path?: PropertyKey[]; message?: string }[] = [];
    const ctx = {
      addIssue: (issue: { path?: PropertyKey[]; message?: string }) => issues.push(issue),
      issues: [],
      value: undefined,
    } as unknown as z.RefinementCtx;
    expect(checkRequest(ctx, request, { name: 'a' }, () => null)).toEqual({ name: 'a' });
    expect(
      checkRequest(ctx, request, { name: '', size: 1.5 }, (path) => (path[0] === 'name' ? 'title' : null)),
    ).toBeNull();
    expect(issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([
      { path: ['title'], message: 'Must not be empty' },
      { path: ['root', 'server'], message: 'size: must be whole' },
    ]);
  });
});
