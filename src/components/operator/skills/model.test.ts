import { describe, expect, it } from 'vitest';
import {
  emptySkillDraft,
  isSupportedRatio,
  skillBody,
  skillDraftOf,
  skillDraftProblems,
  skillKindLabel,
  slotReport,
  storedThumb,
  withActive,
  type OperatorSkill,
} from './model';

const base = 'https://studio.example.com';

const sentenceSkill: OperatorSkill = {
  slug: 'spring-poster',
  zh_name: '春日海报',
  description: '一句话生成春日促销海报',
  ratio: '3:4',
  genre: 'poster',
  ref_required: false,
  thumb: `${base}/thumbs/skills/spring-poster.svg`,
  fields: null,
  prompt: 'Spring poster: {input}',
  active: true,
  origin: 'catalog',
};

describe('skill drafts', () => {
  it('round-trips a one-sentence skill, storing its own thumbnail as a site path', () => {
    expect(skillBody(skillDraftOf(sentenceSkill, base))).toEqual({
      slug: 'spring-poster',
      zh_name: '春日海报',
      description: '一句话生成春日促销海报',
      ratio: '3:4',
      genre: 'poster',
      ref_required: false,
      thumb: '/thumbs/skills/spring-poster.svg',
      fields: null,
      prompt: 'Spring poster: {input}',
      active: true,
    });
  });

  it('keeps foreign thumbnails as they are', () => {
    expect(storedThumb('https://cdn.example.net/a.png', base)).toBe('https://cdn.example.net/a.png');
    expect(storedThumb(`${base}/thumbs/a.svg`, `${base}/`)).toBe('/thumbs/a.svg');
    expect(storedThumb('/thumbs/a.svg', '')).toBe('/thumbs/a.svg');
  });

  it('sends fields as specs, with defaults only for optional ones, and null when one sentence is on', () => {
    const skill: OperatorSkill = {
      ...sentenceSkill,
      fields: [
        { key: 'product', label: '商品' },
        { key: 'style', label: '风格', required: false, default: '清新', type: 'textarea' },
      ],
      prompt: '{product} in {style}',
    };
    const draft = skillDraftOf(skill, base);
    expect(draft.sentence).toBe(false);
    expect(skillBody(draft).fields).toEqual([
      { key: 'product', label: '商品' },
      { key: 'style', label: '风格', type: 'textarea', required: false, default: '清新' },
    ]);
    expect(skillBody({ ...draft, sentence: true }).fields).toBeNull();
    const first = draft.fields[0];
    if (!first) throw new Error('no field');
    expect(skillBody({ ...draft, fields: [{ ...first, default: 'ignored' }] }).fields).toEqual([{ key: 'product', label: '商品' }]);
  });

  it('changes only active when toggling', () => {
    expect(withActive(sentenceSkill, false, base)).toEqual({ ...skillBody(skillDraftOf(sentenceSkill, base)), active: false });
  });
});

describe('skillDraftProblems', () => {
  it('names every blank of a new skill', () => {
    expect(Object.keys(skillDraftProblems({ ...emptySkillDraft(), ratio: '' }, true)).sort()).toEqual(
      ['description', 'genre', 'prompt', 'ratio', 'slug', 'thumb', 'zh_name'].sort(),
    );
  });

  it('checks the slug only when creating', () => {
    const d = { ...skillDraftOf(sentenceSkill, base), slug: 'Bad Slug' };
    expect(skillDraftProblems(d, true).slug).toMatch(/a–z/);
    expect(skillDraftProblems(d, false).slug).toBeUndefined();
    expect(skillDraftProblems({ ...d, slug: 'a' }, true).slug).toBeDefined();
    expect(skillDraftProblems({ ...d, slug: 'ok-slug-2' }, true)).toEqual({});
  });

  it('refuses thumbnails that are neither URLs nor site paths', () => {
    expect(skillDraftProblems({ ...skillDraftOf(sentenceSkill, base), thumb: 'ftp://x/y.png' }, false).thumb).toBeDefined();
  });

  it('takes ratios between 1:4 and 4:1', () => {
    expect(isSupportedRatio('9:16')).toBe(true);
    expect(isSupportedRatio('1:4')).toBe(true);
    expect(isSupportedRatio('1:5')).toBe(false);
    expect(isSupportedRatio('0:1')).toBe(false);
    expect(isSupportedRatio('3x4')).toBe(false);
  });
});

describe('slotReport', () => {
  it('wants {input} in a one-sentence prompt and nothing else', () => {
    expect(slotReport('Poster', null)).toEqual({ slots: [], absent: ['input'] });
    expect(slotReport('Poster {input} {style}', null)).toEqual({
      slots: [
        { key: 'input', ok: true },
        { key: 'style', ok: false },
      ],
      absent: [],
    });
  });

  it('matches form prompts against field keys', () => {
    expect(slotReport('{product} {{literal}} {extra}', [{ key: 'product' }, { key: 'style' }])).toEqual({
      slots: [
        { key: 'product', ok: true },
        { key: 'extra', ok: false },
      ],
      absent: ['style'],
    });
  });
});

describe('skillKindLabel', () => {
  it('names one sentence and forms', () => {
    expect(skillKindLabel(null)).toBe('One sentence');
    expect(skillKindLabel([{}])).toBe('Form (1 field)');
    expect(skillKindLabel([{}, {}])).toBe('Form (2 fields)');
  });
});
