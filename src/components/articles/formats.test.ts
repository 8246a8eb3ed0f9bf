import { describe, expect, it } from 'vitest';
import { articleText, formatLabel } from './formats';

describe('articleText', () => {
  it('joins title, body and hashtags for Copy all', () => {
    expect(articleText({ title: '标题', body: '正文\n第二行', hashtags: ['#早餐', '#上班族'] })).toBe('标题\n\n正文\n第二行\n\n#早餐 #上班族');
  });

  it('leaves hashtags out when there are none', () => {
    expect(articleText({ title: '标题', body: '正文' })).toBe('标题\n\n正文');
    expect(articleText({ title: '标题', body: '正文', hashtags: [] })).toBe('标题\n\n正文');
  });
});

describe('formatLabel', () => {
  it('names known formats and falls back for others', () => {
    expect(formatLabel('xiaohongshu')).toBe('Xiaohongshu note');
    expect(formatLabel('wechat')).toBe('WeChat article');
    expect(formatLabel(null)).toBe('Article');
    expect(formatLabel('toString')).toBe('Article');
  });
});
