import { describe, expect, it } from 'vitest';
import {
  findTemplate,
  playgroundHref,
  promptFromParams,
  skillRecipe,
  sourceFromParams,
  templateRecipe,
} from './recipes';

describe('sourceFromParams', () => {
  it('opens a skill or a template from the address, prompt otherwise', () => {
    expect(sourceFromParams({ skill: 'xhs-cover-bigtext' })).toEqual({
      source: 'skill',
      skill: 'xhs-cover-bigtext',
      template: null,
    });
    expect(sourceFromParams({ template: ['platform-course-cover', 'x'] })).toEqual({
      source: 'template',
      skill: null,
      template: 'platform-course-cover',
    });
    expect(sourceFromParams({ skill: ' ', template: '' })).toEqual({ source: 'prompt', skill: null, template: null });
    expect(sourceFromParams({ skill: 'a', template: 'b' }).source).toBe('skill');
  });
});

describe('promptFromParams', () => {
  it('reads ?prompt= and ?ratio=, nothing when blank', () => {
    expect(promptFromParams({ prompt: ' 雨后的街道 ', ratio: '16:9' })).toEqual({
      prompt: '雨后的街道',
      ratio: '16:9',
    });
    expect(promptFromParams({ prompt: ['a', 'b'] })).toEqual({ prompt: 'a', ratio: null });
    expect(promptFromParams({ prompt: ' ' })).toEqual({ prompt: null, ratio: null });
  });
});

describe('playgroundHref', () => {
  it('reopens the same source and item', () => {
    expect(playgroundHref('skill', 'food-dish-photo', 'x')).toBe('/playground?skill=food-dish-photo');
    expect(playgroundHref('template', null, '模板 1')).toBe('/playground?template=%E6%A8%A1%E6%9D%BF%201');
    expect(playgroundHref('skill', null, null)).toBe('/playground');
    expect(playgroundHref('prompt', 'a', 'b')).toBe('/playground');
  });
});

describe('findTemplate', () => {
  const rows = [
    { id: '0e0b6f6c-0000-4000-8000-000000000001', slug: 'platform-course-cover' },
    { id: '0e0b6f6c-0000-4000-8000-000000000002', slug: 'img-abc' },
  ];
  it('finds by slug or by id', () => {
    expect(findTemplate(rows, 'img-abc')?.id).toBe(rows[1]?.id);
    expect(findTemplate(rows, rows[0]?.id ?? '')?.slug).toBe('platform-course-cover');
    expect(findTemplate(rows, 'nope')).toBeUndefined();
    expect(findTemplate(rows, null)).toBeUndefined();
  });
});

describe('recipes', () => {
  it('sends a skill by slug and requires its sentence', () => {
    const r = skillRecipe({
      slug: 'model-try-on',
      zh_name: '模特上身图',
      description: 'd',
      ratio: '3:4',
      ref_required: true,
      thumb: 'http://x/t.svg',
      fields: null,
    });
    expect(r).toMatchObject({
      key: 'skill:model-try-on',
      ref: 'model-try-on',
      sentence: 'required',
      refRequired: true,
      locked: false,
    });
  });

  it('sends a template by id, with an optional sentence and its default references counted', () => {
    const r = templateRecipe({
      id: 'id-1',
      slug: 'img-1',
      zh_name: '换景',
      description: '',
      ratio: null,
      sample_images: [],
      fields: [],
      locked: false,
      generation_configs: [{}, { default_reference_images: ['a', 'b'] }],
    });
    expect(r).toMatchObject({
      key: 'template:img-1',
      ref: 'id-1',
      sentence: 'optional',
      thumb: null,
      defaultReferences: 2,
    });
  });
});
