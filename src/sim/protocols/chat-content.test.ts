import { describe, expect, it } from 'vitest';
import { extractTopic, withMissingFields } from './chat-content';

describe('the simulated writer’s topic', () => {
  it('finds the subject of a plain request', () => {
    expect(extractTopic('请写一篇关于春季露营的文章')).toBe('春季露营');
    expect(extractTopic('Write a post about home coffee brewing.')).toBe('home coffee brewing');
  });

  it('finds the subject inside a filled template brief, not its instructions', () => {
    const brief = '请根据下面这句话写一篇小红书笔记：\n秋天第一杯奶茶\n写作要求：\n1. 先确定主题。\n2. 正文 300 字。';
    expect(extractTopic(brief)).toBe('秋天第一杯奶茶');
    expect(extractTopic('请为下面的商品写一篇种草笔记。\n商品：冷萃咖啡液\n目标人群：上班族')).toBe('冷萃咖啡液');
  });
});

describe('the missing_fields fault', () => {
  it('drops every second top-level key and always text_layers and sculpt, keeping valid JSON', () => {
    const reply = JSON.stringify({
      sculpt: {},
      prompt: 'p',
      prompt_cn: 'c',
      text_layers: [],
      aspect_ratio: '1:1',
      zh_name: 'z',
      image_category: 'photo',
    });
    expect(JSON.parse(withMissingFields(reply))).toEqual({
      prompt_cn: 'c',
      aspect_ratio: '1:1',
      image_category: 'photo',
    });
    expect(JSON.parse(withMissingFields(JSON.stringify({ a: 1, text_layers: [], b: 2, c: 3 })))).toEqual({
      a: 1,
      b: 2,
    });
  });

  it('leaves arrays, scalars and text alone', () => {
    for (const text of ['[1,2,3]', '"just a string"', 'not json at all', ''])
      expect(withMissingFields(text)).toBe(text);
  });
});
