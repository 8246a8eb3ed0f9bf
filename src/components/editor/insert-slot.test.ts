import { describe, expect, it } from 'vitest';
import { insertSlot } from './insert-slot';

describe('insertSlot', () => {
  it('puts the slot at the end when no caret is given', () => {
    expect(insertSlot('画面风格：', 'style')).toEqual({ value: '画面风格：{style}', caret: 12 });
  });

  it('puts the slot at the caret, or over the selection, with the caret after it', () => {
    expect(insertSlot('为设计海报', 'product', 1)).toEqual({ value: '为{product}设计海报', caret: 10 });
    expect(insertSlot('Poster of XYZ now', 'product', 10, 13)).toEqual({ value: 'Poster of {product} now', caret: 19 });
  });
});
