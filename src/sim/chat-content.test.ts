import { describe, expect, it } from 'vitest';
import { extractTopic } from './chat-content';

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
