import { describe, expect, it } from 'vitest';
import { defaultNote, placeholderFor, type FieldSpec } from './field-model';

const leftEmpty = (value: string) => `Left empty: ${value}`;

const fields: FieldSpec[] = [
  { key: 'product', label: '商品名称', placeholder: '便携无线榨汁杯' },
  { key: 'selling_points', label: '核心卖点', type: 'textarea', help: '用分号隔开' },
  { key: 'style', label: '视觉风格', required: false, default: '清新明亮的科技感' },
  { key: 'subtitle', label: '副标题', required: false, placeholder: '10分钟搞定', default: '无' },
];

describe('placeholders and defaults', () => {
  it('uses the placeholder, else an optional field’s default', () => {
    expect(placeholderFor(fields[0] as FieldSpec)).toBe('便携无线榨汁杯');
    expect(placeholderFor(fields[2] as FieldSpec)).toBe('清新明亮的科技感');
    expect(placeholderFor(fields[1] as FieldSpec)).toBeUndefined();
  });

  it('spells out the default only when the placeholder shows something else', () => {
    expect(defaultNote(fields[2] as FieldSpec, leftEmpty)).toBeNull();
    expect(defaultNote(fields[3] as FieldSpec, leftEmpty)).toBe('Left empty: 无');
    expect(defaultNote(fields[0] as FieldSpec, leftEmpty)).toBeNull();
  });
});
