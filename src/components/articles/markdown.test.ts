import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads a WeChat body: paragraphs, ## headings and numbered lists', () => {
    const body = [
      '提到早餐，很多人的第一反应是“太复杂”。',
      '## 一、为什么值得关注\n\n早餐与我们的日常息息相关。',
      '## 三、实用建议\n\n1. 明确目标；\n2. 拆解步骤；\n3. 定期回顾。',
    ].join('\n\n');
    expect(parseMarkdown(body)).toEqual([
      { type: 'paragraph', lines: [[{ text: '提到早餐，很多人的第一反应是“太复杂”。' }]] },
      { type: 'heading', level: 2, content: [{ text: '一、为什么值得关注' }] },
      { type: 'paragraph', lines: [[{ text: '早餐与我们的日常息息相关。' }]] },
      { type: 'heading', level: 2, content: [{ text: '三、实用建议' }] },
      {
        type: 'list',
        ordered: true,
        start: 1,
        items: [[{ text: '明确目标；' }], [{ text: '拆解步骤；' }], [{ text: '定期回顾。' }]],
      },
    ]);
  });

  it('keeps single line breaks inside a paragraph', () => {
    const [block] = parseMarkdown('第一行\n第二行');
    expect(block).toEqual({ type: 'paragraph', lines: [[{ text: '第一行' }], [{ text: '第二行' }]] });
  });

  it('does not take hashtags or numbers for markdown', () => {
    expect(parseMarkdown('#好物推荐 #生活方式')[0]).toMatchObject({ type: 'paragraph' });
    expect(parseMarkdown('3.5 倍的续航')[0]).toMatchObject({ type: 'paragraph' });
    expect(parseMarkdown('2024年的总结')[0]).toMatchObject({ type: 'paragraph' });
  });

  it('reads bullets, Chinese numbering, quotes and rules', () => {
    expect(parseMarkdown('- 构图\n* 光线\n• 质感')).toEqual([
      { type: 'list', ordered: false, start: 1, items: [[{ text: '构图' }], [{ text: '光线' }], [{ text: '质感' }]] },
    ]);
    expect(parseMarkdown('2、第二步\n3、第三步')[0]).toMatchObject({ type: 'list', ordered: true, start: 2 });
    expect(parseMarkdown('> 引用一句\n> 第二句')).toEqual([
      { type: 'quote', lines: [[{ text: '引用一句' }], [{ text: '第二句' }]] },
    ]);
    expect(parseMarkdown('上\n\n---\n\n下')[1]).toEqual({ type: 'rule' });
  });

  it('caps heading levels at three and tolerates a full-width space after #', () => {
    expect(parseMarkdown('#### 小节')[0]).toMatchObject({ type: 'heading', level: 3 });
    expect(parseMarkdown('#\u3000标题')[0]).toMatchObject({ type: 'heading', level: 1, content: [{ text: '标题' }] });
  });

  it('treats HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { type: 'paragraph', lines: [[{ text: '<script>alert(1)</script>' }]] },
    ]);
  });
});

describe('parseInline', () => {
  it('splits bold runs and leaves unpaired markers alone', () => {
    expect(parseInline('**画面**：熊猫')).toEqual([{ text: '画面', strong: true }, { text: '：熊猫' }]);
    expect(parseInline('a ** b')).toEqual([{ text: 'a ** b' }]);
    expect(parseInline('')).toEqual([{ text: '' }]);
  });
});
