import { describe, expect, it } from 'vitest';
import {
  collectInput,
  defaultNote,
  errorKey,
  formInput,
  inputIdForError,
  placeholderFor,
  placeServerError,
  RECIPE_ERROR,
  REFERENCES_ERROR,
  SENTENCE_ERROR,
  SENTENCE_REQUIRED,
  splitErrorPath,
  validateFields,
  type FieldSpec,
} from './field-model';

const fields: FieldSpec[] = [
  { key: 'product', label: '商品名称', placeholder: '便携无线榨汁杯' },
  { key: 'selling_points', label: '核心卖点', type: 'textarea', help: '用分号隔开' },
  { key: 'style', label: '视觉风格', required: false, default: '清新明亮的科技感' },
  { key: 'subtitle', label: '副标题', required: false, placeholder: '10分钟搞定', default: '无' },
];

describe('validateFields', () => {
  it('names each required field left empty or blank, by its label, in field order', () => {
    expect(validateFields(fields, { product: '  ', style: '' })).toEqual({
      product: '“商品名称” is required.',
      selling_points: '“核心卖点” is required.',
    });
  });

  it('accepts a form whose required fields are filled, optional ones empty', () => {
    expect(validateFields(fields, { product: '榨汁杯', selling_points: '30秒出汁' })).toEqual({});
  });

  it('refuses a value over the server cap', () => {
    const errors = validateFields(fields, { product: 'x'.repeat(2001), selling_points: 'ok' });
    expect(errors.product).toMatch(/at most 2000 characters/);
  });
});

describe('formInput', () => {
  it('sends trimmed values of known fields only and leaves blank ones out for their default', () => {
    expect(formInput(fields, { product: ' 榨汁杯 ', selling_points: '30秒出汁\n续航15杯', style: '  ', stray: 'x' })).toEqual({
      product: '榨汁杯',
      selling_points: '30秒出汁\n续航15杯',
    });
  });
});

describe('placeholders and defaults', () => {
  it('uses the placeholder, else an optional field’s default', () => {
    expect(placeholderFor(fields[0] as FieldSpec)).toBe('便携无线榨汁杯');
    expect(placeholderFor(fields[2] as FieldSpec)).toBe('清新明亮的科技感');
    expect(placeholderFor(fields[1] as FieldSpec)).toBeUndefined();
  });

  it('spells out the default only when the placeholder shows something else', () => {
    expect(defaultNote(fields[2] as FieldSpec)).toBeNull();
    expect(defaultNote(fields[3] as FieldSpec)).toBe('Left empty: 无');
    expect(defaultNote(fields[0] as FieldSpec)).toBeNull();
  });
});

describe('collectInput', () => {
  it('answers the object of a form, or its errors', () => {
    expect(collectInput(fields, 'required', { values: { product: 'a', selling_points: 'b' }, sentence: 'ignored' })).toEqual({
      input: { product: 'a', selling_points: 'b' },
      errors: null,
    });
    const failed = collectInput(fields, 'required', { values: { product: 'a' }, sentence: '' });
    expect(failed.errors).toEqual({ selling_points: '“核心卖点” is required.' });
  });

  it('requires the sentence of a one-sentence skill', () => {
    expect(collectInput(null, 'required', { values: {}, sentence: '   ' })).toEqual({ input: null, errors: { [SENTENCE_ERROR]: SENTENCE_REQUIRED } });
    expect(collectInput(null, 'required', { values: {}, sentence: ' 一碗红烧牛肉面 ' })).toEqual({ input: '一碗红烧牛肉面', errors: null });
  });

  it('leaves an optional sentence out when it is empty; fields: [] is a sentence too', () => {
    expect(collectInput([], 'optional', { values: {}, sentence: '' })).toEqual({ input: undefined, errors: null });
    expect(collectInput([], 'optional', { values: {}, sentence: '加一点雪' })).toEqual({ input: '加一点雪', errors: null });
  });
});

describe('server errors', () => {
  it('splits the field path from the text', () => {
    expect(splitErrorPath('input.product: required field "商品名称" is missing')).toEqual({
      path: 'input.product',
      text: 'required field "商品名称" is missing',
    });
    expect(splitErrorPath('reference_images[0]: must be a file Studio serves')).toEqual({
      path: 'reference_images[0]',
      text: 'must be a file Studio serves',
    });
    expect(splitErrorPath('No upstream currently available for transparent background: try another model').path).toBeNull();
    expect(splitErrorPath('Not enough credits: 4 needed, 1 left').path).toBeNull();
  });

  it('puts a missing field under that field', () => {
    const placed = placeServerError('input.product: required field "商品名称" is missing', fields, 'skill_slug');
    expect(placed).toEqual({ target: { kind: 'field', key: 'product' }, text: 'Required field "商品名称" is missing' });
    expect(errorKey(placed.target)).toBe('product');
  });

  it('keeps an unknown field, or a form-level problem, general and word for word', () => {
    const msg = 'input.colour: unknown field; the fields are product, selling_points, style';
    expect(placeServerError(msg, fields, 'skill_slug')).toEqual({ target: { kind: 'general' }, text: msg });
    const form = 'input: this is a form; send an object with the fields product, selling_points';
    expect(placeServerError(form, fields, 'skill_slug').target.kind).toBe('general');
  });

  it('puts a sentence problem under the sentence, references under the picker, the recipe under its picker', () => {
    expect(placeServerError('input: describe what you want in one sentence', null, 'skill_slug')).toEqual({
      target: { kind: 'sentence' },
      text: 'Describe what you want in one sentence',
    });
    const refs = placeServerError('reference_images: the skill "model-try-on" (模特上身图) works from your own image', null, 'skill_slug');
    expect(errorKey(refs.target)).toBe(REFERENCES_ERROR);
    const gated = placeServerError('template_slug: template "x" is gated: its content comes with a claim code', [], 'template_slug');
    expect(errorKey(gated.target)).toBe(RECIPE_ERROR);
    expect(placeServerError('template_id: no such template', [], 'skill_slug').target.kind).toBe('general');
  });

  it('leaves messages without a field path alone', () => {
    const msg = 'No upstream currently available for transparent background';
    expect(placeServerError(msg, null, null)).toEqual({ target: { kind: 'general' }, text: msg });
    expect(placeServerError('ratio: must be W:H', null, null)).toEqual({ target: { kind: 'general' }, text: 'ratio: must be W:H' });
  });

  it('finds the input an error belongs to', () => {
    expect(inputIdForError('p', 'product')).toBe('p-f-product');
    expect(inputIdForError('p', SENTENCE_ERROR)).toBe('p-sentence');
  });
});
