import { contractProblem } from '@/contracts/slots';
import { describe, expect, it } from 'vitest';
import { fillSlots } from '@/server/domain/templates/slots';
import { fieldsRules, type FieldDraft } from './fields-form';

const fieldsInput = fieldsRules({
  keyMissing: 'Give the field a key.',
  keyInvalid: 'Keys use letters, digits and _ and do not start with a digit.',
  labelMissing: 'Give the field a label; callers see it above the input.',
  notANumber: 'Write a number, or leave it blank.',
});
import { contractGaps, fillPrompt, slotsOf, type FieldSpec } from './fill';

const form: FieldSpec[] = [
  { key: 'product', label: '商品' },
  { key: 'style', label: '风格', required: false, default: '简约' },
  { key: 'note', label: '备注', required: false },
];
const images: FieldSpec[] = [
  { key: 'photo', label: '商品图', type: 'image' },
  { key: 'scene', label: '场景图', type: 'image', required: false },
];

describe('the preview fills a template like the server', () => {
  it('puts values in their slots and defaults in blank optional ones', () => {
    const filled = fillPrompt('为{product}拍摄主图，{style}风格。{note}', form, { product: ' 保温杯 ' });
    expect(filled.text).toBe('为保温杯拍摄主图，简约风格。');
    expect(filled.missing).toEqual([]);
    expect(filled.segments).toEqual([
      { kind: 'text', text: '为' },
      { kind: 'value', key: 'product', text: '保温杯' },
      { kind: 'text', text: '拍摄主图，' },
      { kind: 'default', key: 'style', text: '简约' },
      { kind: 'text', text: '风格。' },
      { kind: 'empty', key: 'note' },
    ]);
  });

  it('marks a blank required field as missing and writes nothing there', () => {
    const filled = fillPrompt('画{product}，{style}', form.slice(0, 2), { product: '   ', style: '国潮' });
    expect(filled.text).toBe('画，国潮');
    expect(filled.missing.map((f) => f.key)).toEqual(['product']);
    expect(filled.segments[1]).toEqual({ kind: 'missing', key: 'product', label: '商品' });
  });

  it('keeps escaped braces and never substitutes inside values', () => {
    expect(fillPrompt('{product} {{literal}} }}', form.slice(0, 1), { product: '{note}' }).text).toBe(
      '{note} {literal} }',
    );
  });

  it('puts a sentence in {input}, or after the prompt when there is no such slot', () => {
    expect(fillPrompt('画一只{input}的猫', [], { input: '戴帽子' }).text).toBe('画一只戴帽子的猫');
    expect(fillPrompt('写一篇文章。\n\n  ', null, { input: ' 关于咖啡 ' }).text).toBe('写一篇文章。\n\n关于咖啡');
    expect(fillPrompt('写一篇文章。  ', [], {}).text).toBe('写一篇文章。  ');
    expect(fillPrompt('写{input}', [], {}).segments).toEqual([
      { kind: 'text', text: '写' },
      { kind: 'empty', key: 'input' },
    ]);
  });

  it('names an image slot as the server does, in the prompt’s language', () => {
    expect(fillPrompt('把{photo}放进{scene}里', images, { photo: 'u/1.png', scene: 'u/2.png' }).text).toBe(
      '把参考图1放进参考图2里',
    );
    expect(fillPrompt('Put {photo} into {scene}', images, { photo: 'u/1.png' }).text).toBe(
      'Put the reference image 1 into ',
    );
  });

  it('matches the server on the same inputs', () => {
    const cases: [string, FieldSpec[] | null, Record<string, string>][] = [
      ['为{product}拍摄主图，{style}风格。{note}', form, { product: '保温杯', style: '国潮', note: '白底' }],
      ['为{product}拍摄主图，{style}风格。{note}', form, { product: '杯子', style: '  ' }],
      ['{{{product}}} and {{style}} {style}{note}', form, { product: 'x', note: '{product}' }],
      ['画一只{input}的猫 {{input}}', null, { input: '戴帽子' }],
      ['Write an article.\n', [], { input: 'about tea' }],
      ['Write an article. {input} {other}', [], { input: '' }],
      ['仅提示，没有槽位。\n\n', [], { input: '' }],
      ['尾部 {input}  ', null, { input: '  文字 ' }],
      ['把{photo}放进{scene}里', images, { photo: 'u/1.png', scene: 'u/2.png' }],
      ['Put {photo} into {scene}', images, { photo: 'u/1.png', scene: '' }],
    ];
    for (const [prompt, fields, input] of cases) {
      const server =
        fields && fields.length > 0
          ? fillSlots(prompt, fields, input, { images: [] })
          : fillSlots(prompt, fields, input.input ?? '');
      expect(fillPrompt(prompt, fields, input).text, prompt).toBe(server);
    }
  });
});

describe('the fields contract hints', () => {
  it('lists slots once, in order, ignoring escaped braces', () => {
    expect(slotsOf('{b} {a} {b} {{c}} {1x} {中文}')).toEqual(['b', 'a']);
  });

  it('names slots without a field and fields the prompt does not use, as the server refuses them', () => {
    const cases: [string, FieldSpec[]][] = [
      ['{product} {style} {note}', form],
      ['{product} {colour}', form],
      ['{product} {style}', form],
      ['写{input}', []],
      ['写{topic}', []],
    ];
    for (const [prompt, fields] of cases) {
      const gaps = contractGaps(prompt, fields);
      const clean = gaps.slotsWithoutField.length === 0 && gaps.unusedFields.length === 0;
      expect(clean, prompt).toBe(contractProblem(prompt, fields) === null);
    }
    expect(contractGaps('{product} {colour}', form)).toEqual({
      slotsWithoutField: ['colour'],
      unusedFields: ['style', 'note'],
    });
    expect(contractGaps('写{topic}{input}', [])).toEqual({ slotsWithoutField: ['topic'], unusedFields: [] });
  });

  it('checks keys and labels of fields with the contract, on the input they belong to', () => {
    const row = (key: string, label: string): FieldDraft => ({
      key,
      label,
      type: 'text',
      placeholder: '',
      help: '',
      required: true,
      default: '',
      options: [],
      min: '',
      max: '',
      integer: false,
    });
    const problems = (rows: FieldDraft[]) => {
      const parsed = fieldsInput.safeParse(rows);
      return parsed.success ? [] : parsed.error.issues.map((i) => ({ path: i.path, message: i.message }));
    };
    expect(problems([row('title', '标题'), row('title', ''), row('2x', 'x'), row('', 'y')])).toEqual([
      { path: [1, 'label'], message: 'Give the field a label; callers see it above the input.' },
      { path: [2, 'key'], message: 'Keys use letters, digits and _ and do not start with a digit.' },
      { path: [3, 'key'], message: 'Give the field a key.' },
    ]);
    // A key used twice is named on the later field once every row is filled in.
    expect(problems([row('title', '标题'), row('title', '副标题')])).toEqual([
      { path: [1, 'key'], message: '"title" is used by two fields' },
    ]);
    expect(problems([row('title', '标题')])).toEqual([]);
  });

  it('answers the fields as the API takes them, defaults only on optional ones', () => {
    const extra = { options: [], min: '', max: '', integer: false };
    const parsed = fieldsInput.parse([
      {
        key: 'product',
        label: ' 商品 ',
        type: 'text',
        placeholder: ' ',
        help: '写清楚',
        required: true,
        default: 'ignored',
        ...extra,
      },
      {
        key: 'style',
        label: '风格',
        type: 'textarea',
        placeholder: '',
        help: '',
        required: false,
        default: '清新',
        ...extra,
      },
    ]);
    expect(parsed).toEqual([
      { key: 'product', label: '商品', help: '写清楚' },
      { key: 'style', label: '风格', type: 'textarea', required: false, default: '清新' },
    ]);
  });

  it('answers a choice with its options, a number with its bounds, an image without placeholder or default', () => {
    const row = {
      placeholder: 'x',
      help: '',
      required: true,
      default: '',
      options: [],
      min: '',
      max: '',
      integer: false,
    };
    const parsed = fieldsInput.parse([
      {
        ...row,
        key: 'c',
        label: 'C',
        type: 'choice',
        options: [
          { value: ' 红 ', label: '' },
          { value: '蓝', label: 'Blue' },
        ],
      },
      { ...row, key: 'n', label: 'N', type: 'number', min: '1', max: ' 9 ', integer: true },
      { ...row, key: 'i', label: 'I', type: 'image' },
    ]);
    expect(parsed).toEqual([
      { key: 'c', label: 'C', type: 'choice', options: [{ value: '红' }, { value: '蓝', label: 'Blue' }] },
      { key: 'n', label: 'N', type: 'number', placeholder: 'x', min: 1, max: 9, integer: true },
      { key: 'i', label: 'I', type: 'image' },
    ]);
    const refused = fieldsInput.safeParse([{ ...row, key: 'n', label: 'N', type: 'number', min: 'lots' }]);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['0.min', 'Write a number, or leave it blank.'],
    ]);
  });
});
