import { describe, expect, it } from 'vitest';
import { TEMPLATE_VARIABLE_NAMES, type TemplateVariable } from '@/contracts/image-template';
import { contractProblem } from '@/contracts/slots';
import { fillSlots } from '@/server/domain/templates/slots';
import { assignVariables, buildFields, buildPromptTemplate } from '@/contracts/template-draft';
import { normaliseLayers, normaliseRole, positionWords } from './layers';
import { planConversion } from './convert';

const all = new Set<TemplateVariable>(TEMPLATE_VARIABLE_NAMES);
const layer = (over: Record<string, unknown>) => ({
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
  ...over,
});

describe('normaliseLayers', () => {
  it('keeps a complete layer as it is, without warnings', () => {
    const { layers, warnings } = normaliseLayers([layer({})]);
    expect(layers).toEqual([layer({})]);
    expect(warnings).toEqual([]);
  });

  it('clamps out-of-range values and names each change', () => {
    const { layers, warnings } = normaliseLayers([
      layer({ coords: { x: 1.4, y: -0.2 }, size_ratio: 3, font_weight: 1000 }),
    ]);
    expect(layers[0]).toMatchObject({ coords: { x: 1, y: 0 }, size_ratio: 0.5, font_weight: 900 });
    expect(warnings).toEqual(['text "春日限定": clamped coords, size_ratio, font_weight to the allowed range']);
  });

  it('reads percent coordinates and other colour notations', () => {
    const { layers } = normaliseLayers([
      layer({ coords: { x: 50, y: 90 }, color: 'rgb(255, 0, 16)' }),
      layer({ color: '#abc' }),
      layer({ color: 'ff8800cc' }),
    ]);
    expect(layers.map((l) => [l.coords, l.color])).toEqual([
      [{ x: 0.5, y: 0.9 }, '#FF0010'],
      [{ x: 0.5, y: 0.1 }, '#AABBCC'],
      [{ x: 0.5, y: 0.1 }, '#FF8800'],
    ]);
  });

  it('fills what is missing, drops texts without content, and says so', () => {
    const { layers, warnings } = normaliseLayers([
      { text: '限时优惠', x: 0.9, y: 0.85 },
      { role: 'title' },
      'not an object',
    ]);
    expect(layers).toEqual([
      {
        role: 'text',
        content: '限时优惠',
        position: 'bottom-right',
        coords: { x: 0.9, y: 0.85 },
        font_category: 'sans-serif',
        font_weight: 400,
        size_ratio: 0.05,
        color: '#000000',
        treatment: 'none',
        alignment: 'center',
      },
    ]);
    expect(warnings).toEqual([
      'text "限时优惠": filled in size_ratio, font_weight, color, alignment, role, position, font_category, treatment',
      'text_layers[1]: dropped, it had no text content',
      'text_layers[2]: dropped, it had no text content',
    ]);
  });

  it('maps common role words onto the platform names', () => {
    expect(['Headline', 'sub-title', 'LOGO', 'call to action', 'Price', 'fancy words'].map(normaliseRole)).toEqual([
      'title',
      'subtitle',
      'brand',
      'cta',
      'price',
      'fancy_words',
    ]);
    expect(positionWords(0.1, 0.5)).toBe('middle-left');
    expect(positionWords(0.5, 0.5)).toBe('center');
  });
});

describe('assignVariables', () => {
  it('numbers several texts of one role: the first keeps the base name', () => {
    const { layers } = normaliseLayers([
      layer({}),
      layer({ content: '第二个标题' }),
      layer({ role: 'price', content: '¥99' }),
      layer({ content: '第三个' }),
    ]);
    const { layers: out } = assignVariables(layers, all);
    expect(out.map((l) => l.variable)).toEqual(['title', 'title_2', 'price', 'title_3']);
    expect(out.every((l) => l.is_variable)).toBe(true);
  });

  it('keeps texts outside the allowed names fixed, warning about roles that are no variable at all', () => {
    const { layers } = normaliseLayers([
      layer({}),
      layer({ role: 'price', content: '¥99' }),
      layer({ role: 'watermark', content: 'ABC' }),
    ]);
    const { layers: out, warnings } = assignVariables(layers, new Set<TemplateVariable>(['price']));
    expect(out.map((l) => [l.is_variable, l.variable])).toEqual([
      [false, null],
      [true, 'price'],
      [false, null],
    ]);
    expect(warnings).toEqual(['text "ABC": its role "watermark" is not a variable name; kept as fixed text']);
  });
});

describe('the template draft', () => {
  const { layers } = assignVariables(
    normaliseLayers([
      layer({}),
      layer({ content: '副标 {不是槽}', role: 'subtitle' }),
      layer({ role: 'other', content: '{固定}' }),
      layer({ content: '第二个标题' }),
    ]).layers,
    all,
  );

  it('writes slots for variables and fixed text verbatim, braces never read as slots', () => {
    const prompt = buildPromptTemplate('a poster {with braces}', layers);
    expect(prompt).toContain('a poster {{with braces}}');
    expect(prompt).toContain(': "{title}"');
    expect(prompt).toContain(': "{title_2}"');
    expect(prompt).toContain(': "{{固定}}"');
    const fields = buildFields(layers, {});
    expect(contractProblem(prompt, fields)).toBeNull();
    // Left empty, every field falls back to the text on the image.
    const filled = fillSlots(prompt, fields, {});
    expect(filled).toContain('"春日限定"');
    expect(filled).toContain('"副标 {不是槽}"');
    expect(filled).toContain('"{固定}"');
    expect(filled).toContain('a poster {with braces}');
  });

  it('labels fields with the caller labels, else the platform name, numbered after the first', () => {
    expect(buildFields(layers, {}).map((f) => [f.key, f.label, f.required, f.default])).toEqual([
      ['title', '标题', false, '春日限定'],
      ['subtitle', '副标题', false, '副标 {不是槽}'],
      ['title_2', '标题 2', false, '第二个标题'],
    ]);
    expect(buildFields(layers, { title: '活动主题', title_2: '第二行' }).map((f) => f.label)).toEqual([
      '活动主题',
      '副标题',
      '第二行',
    ]);
    expect(buildFields(layers, { title: '活动主题' }).map((f) => f.label)).toEqual([
      '活动主题',
      '副标题',
      '活动主题 2',
    ]);
  });
});

describe('planConversion', () => {
  it('refuses names outside the list and label keys that are no variable', () => {
    expect(() => planConversion({ variables: ['title', 'colour'] })).toThrow(
      'variables[1]: "colour" is not a variable name',
    );
    expect(() => planConversion({ variable_labels: { title_x: 'x' } })).toThrow(
      'variable_labels.title_x: is not a variable name',
    );
    expect(
      planConversion({ variables: ['title'], variable_labels: { title_2: '第二', price: '价' } }).warnings,
    ).toEqual(['variable_labels.price: "price" is not among the allowed variables; the label is not used']);
  });
});
