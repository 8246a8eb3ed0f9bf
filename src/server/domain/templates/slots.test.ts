import { contractProblem, slotsOf } from '@/contracts/slots';
import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { fillSlots, substitute, type FieldImage } from './slots';

const form = [
  { key: 'product', label: '商品' },
  { key: 'style', label: '风格', required: false, default: '简约' },
  { key: 'note', label: '备注', required: false },
];

function error(fn: () => unknown): AppError {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error('expected an AppError');
}

describe('slot substitution', () => {
  it('fills every slot from the input, deterministically', () => {
    const prompt = '为{product}拍摄主图，{style}风格。{note}';
    const a = fillSlots(prompt, form, { product: '保温杯', style: '国潮' });
    expect(a).toBe('为保温杯拍摄主图，国潮风格。');
    expect(fillSlots(prompt, form, { product: '保温杯', style: '国潮' })).toBe(a);
  });

  it('uses the default of an optional field left out or blank', () => {
    expect(fillSlots('{product}/{style}', form.slice(0, 2), { product: '杯子' })).toBe('杯子/简约');
    expect(fillSlots('{product}/{style}', form.slice(0, 2), { product: '杯子', style: '  ' })).toBe('杯子/简约');
  });

  it('refuses a missing or blank required field with 400 naming it', () => {
    for (const input of [{}, { product: '   ' }] as Record<string, string>[]) {
      const err = error(() => fillSlots('{product}', form.slice(0, 1), input));
      expect(err.status).toBe(400);
      expect(err.message).toContain('input.product');
      expect(err.message).toContain('商品');
    }
  });

  it('refuses unknown keys and the wrong input shape', () => {
    expect(error(() => fillSlots('{product}', form.slice(0, 1), { product: 'x', colour: 'red' })).message).toContain(
      'input.colour: unknown field',
    );
    expect(error(() => fillSlots('{product}', form.slice(0, 1), 'a sentence')).message).toContain('send an object');
    expect(error(() => fillSlots('画{input}', null, { a: 'b' })).message).toContain('one sentence');
  });

  it('puts a sentence in {input}, or after the prompt when there is no slot', () => {
    expect(fillSlots('画一只{input}的猫', null, '戴帽子')).toBe('画一只戴帽子的猫');
    expect(fillSlots('写一篇文章。', [], '关于咖啡')).toBe('写一篇文章。\n\n关于咖啡');
    expect(error(() => fillSlots('画{input}', null, '  ', { sentenceRequired: true })).status).toBe(400);
  });

  it('never re-substitutes slots that arrive inside values, and keeps escaped braces', () => {
    expect(fillSlots('{product} {{literal}}', form.slice(0, 1), { product: '{note}' })).toBe('{note} {literal}');
    expect(substitute('{a}{b}', new Map([['a', '1']]))).toBe('1');
  });

  it('prefixes errors with the batch item path', () => {
    expect(error(() => fillSlots('{product}', form.slice(0, 1), {}, { path: ['items', 2] })).message).toMatch(
      /^items\[2\]\.input\.product/,
    );
  });
});

describe('the fields contract', () => {
  it('lists slots once, in order', () => {
    expect(slotsOf('{b} {a} {b} {{c}}')).toEqual(['b', 'a']);
  });

  it('needs a field for every slot and a slot for every field', () => {
    expect(contractProblem('{product} {style} {note}', form)).toBeNull();
    expect(contractProblem('{product} {colour}', form)).toContain('{colour}');
    expect(contractProblem('{product} {style}', form)).toContain('field "note" is not used');
    expect(contractProblem('写{input}', [])).toBeNull();
    expect(contractProblem('写{topic}', [])).toContain('{topic}');
  });
});

describe('choice, number and image fields', () => {
  const typed = [
    {
      key: 'colour',
      label: '颜色',
      type: 'choice' as const,
      options: [{ value: '红色', label: 'Red' }, { value: '蓝色' }],
    },
    { key: 'count', label: '数量', type: 'number' as const, min: 1, max: 9, integer: true },
    { key: 'photo', label: '商品图', type: 'image' as const },
  ];

  it('fills a choice with its value, a number with its text and an image slot with its place among the references', () => {
    const images: FieldImage[] = [];
    const prompt = fillSlots(
      '{count} 个{colour}杯子，参考 {photo}',
      typed,
      { colour: '蓝色', count: 3, photo: 'u/1.png' },
      { images },
    );
    expect(prompt).toBe('3 个蓝色杯子，参考 参考图1');
    expect(images).toEqual([{ path: ['input', 'photo'], value: 'u/1.png' }]);
    expect(fillSlots('{count}', typed.slice(1, 2), { count: '04' })).toBe('4');
  });

  it('names an image slot in the language of the prompt, numbered by its place among the references', () => {
    const two = [
      { key: 'product', label: 'Product', type: 'image' as const },
      { key: 'scene', label: 'Scene', type: 'image' as const },
    ];
    const input = { product: 'u/1.png', scene: 'u/2.png' };
    expect(fillSlots('把{product}放进{scene}的场景里，保持商品不变', two, input, { images: [] })).toBe(
      '把参考图1放进参考图2的场景里，保持商品不变',
    );
    expect(fillSlots('Place {product} into the scene of {scene}, keep the product', two, input, { images: [] })).toBe(
      'Place the reference image 1 into the scene of the reference image 2, keep the product',
    );
    // A Chinese prompt with a brand name in Latin letters is still Chinese; an English one quoting a Chinese word is not.
    expect(
      fillSlots('{product} 的 Nike 跑鞋海报，干净的白色背景', two.slice(0, 1), { product: 'u/1.png' }, { images: [] }),
    ).toBe('参考图1 的 Nike 跑鞋海报，干净的白色背景');
    expect(
      fillSlots(
        'A poster of {product} with the word 福 on a red background',
        two.slice(0, 1),
        { product: 'u/1.png' },
        { images: [] },
      ),
    ).toBe('A poster of the reference image 1 with the word 福 on a red background');
  });

  it('refuses a value that is not an option, a number out of range or not whole, with 400 naming the field', () => {
    const cases: [Record<string, string | number>, string, string][] = [
      [{ colour: '绿色', count: 2 }, 'input.colour', 'must be one of "红色", "蓝色"'],
      [{ colour: '红色', count: 10 }, 'input.count', 'must be at most 9'],
      [{ colour: '红色', count: 0 }, 'input.count', 'must be at least 1'],
      [{ colour: '红色', count: 2.5 }, 'input.count', 'must be a whole number'],
      [{ colour: '红色', count: 'many' }, 'input.count', 'must be a number'],
    ];
    for (const [input, path, text] of cases) {
      const err = error(() => fillSlots('{colour}{count}', typed.slice(0, 2), input));
      expect(err.status).toBe(400);
      expect(err.message).toContain(path);
      expect(err.message).toContain(text);
    }
  });

  it('refuses an image field where the generation takes no images, rather than dropping it', () => {
    const err = error(() => fillSlots('{photo}', typed.slice(2), { photo: 'u/1.png' }));
    expect(err.status).toBe(400);
    expect(err.message).toContain('input.photo');
    expect(err.message).toContain('takes no reference images');
  });

  it('uses an optional number or choice default', () => {
    const optional = [
      {
        key: 'colour',
        label: '颜色',
        type: 'choice' as const,
        options: [{ value: '红色' }],
        required: false,
        default: '红色',
      },
      { key: 'count', label: '数量', type: 'number' as const, required: false, default: '2' },
    ];
    expect(fillSlots('{colour}/{count}', optional, {})).toBe('红色/2');
  });
});
