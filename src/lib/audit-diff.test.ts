import { describe, expect, it } from 'vitest';
import { auditValue, changedFields } from './audit-diff';

describe('changedFields', () => {
  it('lists only the fields whose value changed, in order', () => {
    expect(
      changedFields(
        { credits: 50, markup: 1, disabled: false, bound_model: null },
        { credits: 75, markup: 1, disabled: false, bound_model: 'sim-image-a' },
      ),
    ).toEqual([
      { field: 'credits', before: 50, after: 75 },
      { field: 'bound_model', before: null, after: 'sim-image-a' },
    ]);
  });

  it('lists every field of a created object, and fields only one side has', () => {
    expect(changedFields(null, { name: '店', api_key: 'issued' })).toEqual([
      { field: 'name', before: undefined, after: '店' },
      { field: 'api_key', before: undefined, after: 'issued' },
    ]);
    expect(changedFields({ credits: 1 }, { credits: 1, api_key: 'issued' })).toEqual([
      { field: 'api_key', before: undefined, after: 'issued' },
    ]);
  });

  it('compares lists and objects by value', () => {
    expect(changedFields({ families: ['a', 'b'] }, { families: ['a', 'b'] })).toEqual([]);
    expect(changedFields({ families: ['a'] }, { families: ['a', 'b'] })).toHaveLength(1);
    expect(changedFields(null, null)).toEqual([]);
  });
});

describe('auditValue', () => {
  it('shows absent values as a dash, strings as they are and the rest as JSON', () => {
    expect(auditValue(undefined)).toBe('—');
    expect(auditValue(null)).toBe('—');
    expect(auditValue('sim-image-a')).toBe('sim-image-a');
    expect(auditValue(1.5)).toBe('1.5');
    expect(auditValue(false)).toBe('false');
    expect(auditValue(['a', 'b'])).toBe('["a","b"]');
  });
});
