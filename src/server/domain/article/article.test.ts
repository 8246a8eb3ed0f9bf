import { describe, expect, it } from 'vitest';
import { parseArticle } from './article';

describe('reading the model’s article answer', () => {
  it('takes the fields of the format, from plain or fenced JSON', () => {
    const json = JSON.stringify({ title: '标题', body: '正文', hashtags: ['咖啡', '#生活'] });
    expect(parseArticle(json, 'xiaohongshu')).toEqual({
      format: 'xiaohongshu',
      title: '标题',
      body: '正文',
      hashtags: ['#咖啡', '#生活'],
    });
    expect(parseArticle('```json\n' + json + '\n```', 'wechat')).toEqual({
      format: 'wechat',
      title: '标题',
      body: '正文',
    });
  });

  it('refuses malformed, cut-off or incomplete answers instead of returning half of them', () => {
    expect(parseArticle('Sure! Here is the JSON you asked for:\n{"title": "标', 'wechat')).toBeNull();
    expect(parseArticle('', 'wechat')).toBeNull();
    expect(parseArticle(JSON.stringify({ title: '标题' }), 'detail')).toBeNull();
    expect(parseArticle(JSON.stringify({ title: '标题', body: '正文' }), 'xiaohongshu')).toBeNull();
    expect(parseArticle(JSON.stringify({ title: '', body: '正文' }), 'script')).toBeNull();
  });
});
