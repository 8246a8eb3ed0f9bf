import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh-CN.json';
import { skillKindLabel, slotReport, storedThumb, withActive, type OperatorSkill } from './model';
import { emptySkillValues, skillFormSchema, skillValuesOf, type SkillFormValues } from './skill-form';

const errors = createTranslator({ locale: 'en', messages: en, namespace: 'operator.skills.errors' });
const kinds = createTranslator({ locale: 'en', messages: en, namespace: 'operator.skills.kind' });

/** What a save of these inputs sends (the form's output), for an existing skill unless `creating`. */
const skillBody = (values: SkillFormValues, creating = false) => skillFormSchema(errors, creating).parse(values);

/** The form's refusals by input, as the editor shows them. */
function skillFormProblems(values: SkillFormValues, creating: boolean): Record<string, string> {
  const parsed = skillFormSchema(errors, creating).safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

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

describe('the skill form', () => {
  it('round-trips a one-sentence skill, storing its own thumbnail as a site path', () => {
    // The body is the skill without its origin (which is not sent), the thumbnail as a site path.
    const { origin: _origin, ...sent } = sentenceSkill;
    expect(skillBody(skillValuesOf(sentenceSkill, base))).toEqual({
      ...sent,
      thumb: '/thumbs/skills/spring-poster.svg',
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
    const draft = skillValuesOf(skill, base);
    expect(draft.sentence).toBe(false);
    expect(skillBody(draft).fields).toEqual([
      { key: 'product', label: '商品' },
      { key: 'style', label: '风格', type: 'textarea', required: false, default: '清新' },
    ]);
    expect(skillBody({ ...draft, sentence: true }).fields).toBeNull();
    const first = draft.fields[0];
    if (!first) throw new Error('no field');
    expect(skillBody({ ...draft, fields: [{ ...first, default: 'ignored' }] }).fields).toEqual([
      { key: 'product', label: '商品' },
    ]);
  });

  it('changes only active when toggling', () => {
    expect(withActive(sentenceSkill, false, base)).toEqual({
      ...skillBody(skillValuesOf(sentenceSkill, base)),
      active: false,
    });
  });
});

describe('checks of the skill form', () => {
  it('names every blank of a new skill', () => {
    expect(Object.keys(skillFormProblems({ ...emptySkillValues(), ratio: '' }, true)).sort()).toEqual(
      ['description', 'genre', 'prompt', 'ratio', 'slug', 'thumb', 'zh_name'].sort(),
    );
  });

  it('checks the slug only when creating', () => {
    const d = { ...skillValuesOf(sentenceSkill, base), slug: 'Bad Slug' };
    expect(skillFormProblems(d, true).slug).toMatch(/a–z/);
    expect(skillFormProblems(d, false).slug).toBeUndefined();
    expect(skillFormProblems({ ...d, slug: 'a' }, true).slug).toBeDefined();
    expect(skillFormProblems({ ...d, slug: 'ok-slug-2' }, true)).toEqual({});
  });

  it('refuses thumbnails that are neither URLs nor site paths', () => {
    expect(
      skillFormProblems({ ...skillValuesOf(sentenceSkill, base), thumb: 'ftp://x/y.png' }, false).thumb,
    ).toBeDefined();
  });

  it('takes ratios between 1:4 and 4:1', () => {
    const ratioProblem = (ratio: string) =>
      skillFormProblems({ ...skillValuesOf(sentenceSkill, base), ratio }, false).ratio;
    expect(ratioProblem('9:16')).toBeUndefined();
    expect(ratioProblem('1:4')).toBeUndefined();
    expect(ratioProblem('1:5')).toBeDefined();
    expect(ratioProblem('0:1')).toBeDefined();
    expect(ratioProblem('3x4')).toBeDefined();
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
    expect(skillKindLabel(null, kinds)).toBe('One sentence');
    expect(skillKindLabel([{}], kinds)).toBe('Form (1 field)');
    expect(skillKindLabel([{}, {}], kinds)).toBe('Form (2 fields)');
  });

  it('names them in Chinese too', () => {
    const zhKinds = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'operator.skills.kind' });
    expect(skillKindLabel(null, zhKinds)).toBe('一句话');
    expect(skillKindLabel([{}, {}], zhKinds)).toBe('表单（2 个字段）');
  });
});

describe('refusals of the skill form in Chinese', () => {
  it('asks for a slug in the page’s language', () => {
    const zhErrors = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'operator.skills.errors' });
    const parsed = skillFormSchema(zhErrors, true).safeParse(emptySkillValues());
    const slug = parsed.success ? undefined : parsed.error.issues.find((i) => i.path.join('.') === 'slug')?.message;
    expect(slug).toBe('请填写技能的 slug；调用方通过它选用技能。');
  });
});
