import { describe, expect, it } from 'vitest';
import { contractProblem, fieldsSchema } from './slots';

const issues = (fields: unknown) => {
  const parsed = fieldsSchema.safeParse(fields);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the field contract', () => {
  it('keeps old fields as they are: type absent, text and textarea', () => {
    const old = [
      { key: 'a', label: 'A' },
      { key: 'b', label: 'B', type: 'textarea' },
    ];
    expect(fieldsSchema.parse(old)).toEqual(old);
  });

  it('takes a choice with options, a number with bounds and an image field', () => {
    const fields = [
      { key: 'c', label: 'C', type: 'choice', options: [{ value: 'x', label: 'X' }, { value: 'y' }] },
      { key: 'n', label: 'N', type: 'number', min: 1, max: 5, integer: true, required: false, default: '3' },
      { key: 'i', label: 'I', type: 'image' },
    ];
    expect(issues(fields)).toEqual([]);
  });

  it('refuses parts that do not belong to the type and defaults that do not fit it', () => {
    expect(issues([{ key: 'c', label: 'C', type: 'choice' }])).toEqual(['0.options: a choice field needs options']);
    expect(issues([{ key: 'c', label: 'C', type: 'choice', options: [] }])).toContain(
      '0.options: give at least one option',
    );
    expect(issues([{ key: 't', label: 'T', options: [{ value: 'x' }] }])).toEqual([
      '0.options: only choice fields take options',
    ]);
    expect(issues([{ key: 't', label: 'T', min: 1 }])).toEqual(['0.min: only number fields take min']);
    expect(issues([{ key: 'n', label: 'N', type: 'number', min: 5, max: 1 }])).toEqual([
      '0.max: must not be below min',
    ]);
    expect(issues([{ key: 'c', label: 'C', type: 'choice', options: [{ value: 'x' }, { value: 'x' }] }])).toEqual([
      '0.options.1.value: "x" is listed twice',
    ]);
    expect(
      issues([{ key: 'c', label: 'C', type: 'choice', options: [{ value: 'x' }], required: false, default: 'z' }]),
    ).toEqual(['0.default: must be one of "x"']);
    expect(issues([{ key: 'n', label: 'N', type: 'number', max: 2, required: false, default: '3' }])).toEqual([
      '0.default: must be at most 2',
    ]);
    expect(issues([{ key: 'i', label: 'I', type: 'image', required: false, default: 'a.png' }])).toEqual([
      '0.default: image fields take no default',
    ]);
    expect(
      issues([
        { key: 'c', label: 'C', type: 'choice', options: Array.from({ length: 51 }, (_, i) => ({ value: `v${i}` })) },
      ]),
    ).toContain('0.options: at most 50 options');
  });

  it('lets an image field stay out of the prompt, but not other fields', () => {
    expect(contractProblem('a cup', [{ key: 'photo', label: 'P', type: 'image' }])).toBeNull();
    expect(contractProblem('a cup', [{ key: 'n', label: 'N', type: 'number' }])).toContain('field "n" is not used');
  });
});
