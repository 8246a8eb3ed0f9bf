import { describe, expect, it } from 'vitest';
import type { TextLayer } from '@/contracts/image-template';
import { buildDraft, canBeVariable, initialChoices, setLabel, toggleVariable } from './draft';

const layer = (over: Partial<TextLayer>): TextLayer => ({
  role: 'title',
  content: '春日限定',
  position: 'top-center',
  coords: { x: 0.5, y: 0.1 },
  font_category: 'sans-serif',
  font_weight: 700,
  size_ratio: 0.08,
  color: '#FFFFFF',
  treatment: 'none',
  alignment: 'center',
  is_variable: true,
  variable: 'title',
  ...over,
});

const layers = [
  layer({}),
  layer({ role: 'other', content: '{固定}', is_variable: false, variable: null }),
  layer({ content: '第二个标题', variable: 'title_2' }),
  layer({ role: 'price', content: '¥99', is_variable: false, variable: null }),
];

describe('buildDraft', () => {
  it('reproduces the conversion’s own template when nothing is changed', () => {
    const draft = buildDraft('a poster', layers, initialChoices(layers));
    expect(draft.layers.map((l) => l.variable)).toEqual(['title', null, 'title_2', null]);
    expect(draft.prompt_template).toContain(': "{title}"');
    expect(draft.prompt_template).toContain(': "{{固定}}"');
    expect(draft.prompt_template).toContain(': "¥99"');
    expect(draft.fields.map((f) => [f.key, f.label, f.default])).toEqual([
      ['title', '标题', '春日限定'],
      ['title_2', '标题 2', '第二个标题'],
    ]);
    expect(draft.fieldOf.map((f) => f?.key ?? null)).toEqual(['title', null, 'title_2', null]);
    expect(draft.problem).toBeNull();
  });

  it('writes a text turned off as fixed text and numbers the rest again', () => {
    const draft = buildDraft('a poster', layers, toggleVariable(initialChoices(layers), 0, false));
    expect(draft.prompt_template).not.toContain('{title_2}');
    expect(draft.prompt_template).toContain(': "春日限定"');
    expect(draft.prompt_template).toContain(': "{title}"');
    expect(draft.fields.map((f) => [f.key, f.label, f.default])).toEqual([['title', '标题', '第二个标题']]);
  });

  it('turns on a text whose role is a variable name, never another', () => {
    const on = toggleVariable(toggleVariable(initialChoices(layers), 3, true), 1, true);
    const draft = buildDraft('a poster', layers, on);
    expect(draft.layers.map((l) => l.variable)).toEqual(['title', null, 'title_2', 'price']);
    expect(draft.fields.map((f) => [f.key, f.label])).toContainEqual(['price', '价格']);
    expect(layers.map(canBeVariable)).toEqual([true, false, true, true]);
  });

  it('uses the user’s labels, keeps them with their text, and falls back when one is emptied', () => {
    let choices = setLabel(initialChoices(layers), 2, '  第二行 ');
    expect(buildDraft('p', layers, choices).fields.map((f) => f.label)).toEqual(['标题', '第二行']);
    choices = toggleVariable(choices, 0, false);
    expect(buildDraft('p', layers, choices).fields.map((f) => [f.key, f.label])).toEqual([['title', '第二行']]);
    choices = setLabel(choices, 2, '   ');
    expect(buildDraft('p', layers, choices).fields.map((f) => f.label)).toEqual(['标题']);
  });

  it('says when a label is too long for a template', () => {
    const draft = buildDraft('p', layers, setLabel(initialChoices(layers), 0, '长'.repeat(101)));
    expect(draft.problem).toEqual({ kind: 'longLabel', start: '长'.repeat(12), max: 100 });
  });

  it('keeps a prompt without texts as it is, braces doubled', () => {
    const draft = buildDraft('a {poster}', [], initialChoices([]));
    expect(draft.prompt_template).toBe('a {{poster}}');
    expect(draft.fields).toEqual([]);
    expect(draft.problem).toBeNull();
  });
});
