import { describe, expect, it } from 'vitest';
import { assignToolNames, fieldsInputSchema, MAX_TOOL_NAME, slotInput, toolNameOf } from './names';

/** Names every assistant's tool-calling API accepts (the strictest of them: OpenAI's and Anthropic's). */
const PORTABLE = /^[a-zA-Z0-9_-]{1,64}$/;

describe('tool names of templates and skills', () => {
  it('turns a slug into prefix_slug in portable characters', () => {
    expect(toolNameOf('template', 'cup-poster-2')).toBe('template_cup_poster_2');
    expect(toolNameOf('skill', 'Hero--Banner')).toBe('skill_hero_banner');
    expect(toolNameOf('template', '保温杯')).toBe('template_unnamed');
    expect(toolNameOf('article', '-a.b c-')).toBe('article_a_b_c');
  });

  it('keeps names within 64 characters without a trailing underscore', () => {
    const long = toolNameOf('template', `${'a'.repeat(54)}-bbbbbbbb`);
    expect(long.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
    expect(long).toMatch(PORTABLE);
    expect(long.endsWith('_')).toBe(false);
  });

  it('de-duplicates colliding names oldest first, so a newer row never renames an older tool', () => {
    const long = 'x'.repeat(70);
    const rows = [
      { id: 'b', slug: `${long}-new`, createdAt: '2026-02-01T00:00:00Z' },
      { id: 'a', slug: `${long}-old`, createdAt: '2026-01-01T00:00:00Z' },
      { id: 'c', slug: 'cup', createdAt: '2026-03-01T00:00:00Z' },
    ];
    const names = assignToolNames('template', rows);
    const byId = new Map([...names].map(([name, row]) => [row.id, name]));
    expect(byId.get('a')).toBe(toolNameOf('template', `${long}-old`));
    expect(byId.get('b')).toMatch(/_2$/);
    expect(byId.get('b')?.length).toBeLessThanOrEqual(MAX_TOOL_NAME);
    expect(byId.get('c')).toBe('template_cup');
    for (const name of names.keys()) expect(name).toMatch(PORTABLE);
    // The same rows in another order give the same names.
    expect([...assignToolNames('template', [...rows].reverse()).keys()].sort()).toEqual([...names.keys()].sort());
  });

  it('never takes a name that is already taken', () => {
    const names = assignToolNames('get', [{ id: '1', slug: 'job', createdAt: '' }], new Set(['get_job']));
    expect([...names.keys()]).toEqual(['get_job_2']);
  });
});

describe('template fields as a tool input schema', () => {
  it('gives one string per field, titled by its label, required as the field says', () => {
    const schema = fieldsInputSchema([
      { key: 'product', label: '商品名称', placeholder: '保温杯' },
      { key: 'scene', label: '场景', required: false, default: '木质桌面', help: '放在哪里' },
      { key: 'story', label: '故事', type: 'textarea' },
      { key: 'photo', label: '商品图', type: 'image', required: false },
    ]);
    expect(schema).toEqual({
      type: 'object',
      properties: {
        product: { type: 'string', title: '商品名称', description: '商品名称. e.g. 保温杯', maxLength: 2000 },
        scene: {
          type: 'string',
          title: '场景',
          description: '场景. 放在哪里',
          maxLength: 2000,
          default: '木质桌面',
        },
        story: { type: 'string', title: '故事', description: '故事', maxLength: 2000, 'x-multiline': true },
        photo: {
          type: 'string',
          title: '商品图',
          description: '商品图. The http(s) URL or the upload key of an image of yours (POST /api/upload-ref)',
          maxLength: 2000,
        },
      },
      required: ['product', 'story'],
      additionalProperties: false,
    });
  });

  it('leaves `required` out when every field is optional', () => {
    const schema = fieldsInputSchema([{ key: 'mood', label: '氛围', required: false }]);
    expect(schema.required).toBeUndefined();
  });

  it('takes one sentence as `input` when the recipe has no fields', () => {
    for (const fields of [[], null]) {
      expect(fieldsInputSchema(fields)).toMatchObject({
        properties: { input: { type: 'string', minLength: 1 } },
        required: ['input'],
      });
    }
  });

  it('builds the recipe input from the arguments: fields by key, or the sentence', () => {
    const fields = [
      { key: 'product', label: 'p' },
      { key: 'count', label: 'c' },
    ];
    expect(slotInput(fields, { product: '杯子', count: 3, other: 'x' })).toEqual({ product: '杯子', count: '3' });
    expect(slotInput([], { input: '一只猫' })).toBe('一只猫');
    expect(slotInput(null, {})).toBe('');
  });
});
