import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import { articleText, formatLabel } from './formats';

describe('articleText', () => {
  it('joins title, body and hashtags for Copy all', () => {
    expect(articleText({ title: '标题', body: '正文\n第二行', hashtags: ['#早餐', '#上班族'] })).toBe(
      '标题\n\n正文\n第二行\n\n#早餐 #上班族',
    );
  });

  it('leaves hashtags out when there are none', () => {
    expect(articleText({ title: '标题', body: '正文' })).toBe('标题\n\n正文');
    expect(articleText({ title: '标题', body: '正文', hashtags: [] })).toBe('标题\n\n正文');
  });
});

const names = createTranslator({ locale: 'en', messages: en, namespace: 'articles.formats' });

describe('formatLabel', () => {
  it('names known formats and falls back for others', () => {
    expect(formatLabel('xiaohongshu', names)).toBe('Xiaohongshu note');
    expect(formatLabel('wechat', names)).toBe('WeChat article');
    expect(formatLabel(null, names)).toBe('Article');
    expect(formatLabel('toString', names)).toBe('Article');
  });
});
