import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import { articleFieldName, articleSchema, findArticleTemplate } from './article-form';

const words = {
  chooseTemplate: en.articles.chooseTemplate,
  fields: createTranslator({ locale: 'en', messages: en, namespace: 'fields.errors' }),
};

const note = {
  id: '0e0b6f6c-0000-4000-8000-000000000001',
  slug: 'platform-xhs-product-note',
  fields: [
    { key: 'product', label: '商品' },
    { key: 'selling_points', label: '核心卖点' },
  ],
};
const quick = { id: '0e0b6f6c-0000-4000-8000-000000000002', slug: 'platform-wechat-quick-article', fields: null };
const templates = [note, quick];

const problems = (values: Parameters<ReturnType<typeof articleSchema>['safeParse']>[0]) =>
  (articleSchema(templates, words).safeParse(values).error?.issues ?? []).map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  }));

describe('articleSchema', () => {
  it('asks for a template first', () => {
    expect(problems({ template: null, drafts: {} })).toEqual([
      { path: 'template', message: 'Choose a template first.' },
    ]);
  });

  it('names an empty required field under its input, and sends the form otherwise', () => {
    expect(problems({ template: note.slug, drafts: { [note.slug]: { values: { product: '榨汁杯' } } } })).toEqual([
      { path: 'drafts.platform-xhs-product-note.values.selling_points', message: '“核心卖点” is required.' },
    ]);
    const drafts = { [note.slug]: { values: { product: ' 榨汁杯 ', selling_points: '30秒出汁' } } };
    expect(articleSchema(templates, words).parse({ template: note.id, drafts })).toEqual({
      template_slug: note.slug,
      input: { product: '榨汁杯', selling_points: '30秒出汁' },
    });
  });

  it('always needs the sentence of a template without fields', () => {
    expect(problems({ template: quick.slug, drafts: {} })).toEqual([
      { path: 'drafts.platform-wechat-quick-article.sentence', message: 'Describe what you want in one sentence.' },
    ]);
    expect(
      articleSchema(templates, words).parse({ template: quick.slug, drafts: { [quick.slug]: { sentence: '早餐' } } }),
    ).toEqual({
      template_slug: quick.slug,
      input: '早餐',
    });
  });
});

describe('articleFieldName', () => {
  it('puts a refused template under the picker, a field under its input, anything else under the form', () => {
    expect(articleFieldName(['template_slug'], note)).toBe('template');
    expect(articleFieldName(['input', 'product'], note)).toBe('drafts.platform-xhs-product-note.values.product');
    expect(articleFieldName(['input'], quick)).toBe('drafts.platform-wechat-quick-article.sentence');
    expect(articleFieldName(['input', 'colour'], note)).toBeNull();
    expect(articleFieldName(['input'], undefined)).toBeNull();
  });

  it('finds a template by slug or id', () => {
    expect(findArticleTemplate(templates, quick.id)).toBe(quick);
    expect(findArticleTemplate(templates, null)).toBeUndefined();
  });
});
