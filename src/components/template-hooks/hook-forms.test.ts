import { describe, expect, it } from 'vitest';
import { bindFormSchema, editHookSchema } from './hook-forms';

describe('bindFormSchema', () => {
  it('asks for the image template, then the downstream one of the chosen type', () => {
    const issues = (type: 'article' | 'video') =>
      bindFormSchema
        .safeParse({ image_template_slug: '', hook_type: type, hook_template_slug: '', enabled: null, note: '' })
        .error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues('article')).toEqual([
      ['image_template_slug', 'Choose the image template first.'],
      ['hook_template_slug', 'Choose the article template to bind.'],
    ]);
    expect(issues('video')?.[1]).toEqual(['hook_template_slug', 'Choose the video template to bind.']);
  });

  it('leaves out an empty note and keeps an untouched switch as null', () => {
    expect(bindFormSchema.parse({ image_template_slug: 'a', hook_type: 'video', hook_template_slug: 'b', enabled: null, note: '  ' })).toEqual({
      image_template_slug: 'a',
      hook_type: 'video',
      hook_template_slug: 'b',
      enabled: null,
      note: undefined,
    });
  });
});

describe('editHookSchema', () => {
  it('sends a cleared note, and refuses a note longer than the contract allows', () => {
    expect(editHookSchema.parse({ hook_template_slug: 'b', enabled: true, note: '  ' })).toEqual({ hook_template_slug: 'b', enabled: true, note: '' });
    expect(editHookSchema.safeParse({ hook_template_slug: 'b', enabled: true, note: 'x'.repeat(501) }).error?.issues[0]?.message).toBe(
      'Must be at most 500 characters',
    );
  });
});
