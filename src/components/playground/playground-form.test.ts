import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { applyServerError } from '@/components/ui/form';
import {
  playgroundDefaults,
  playgroundFieldName,
  playgroundSchema,
  recipeRatio,
  type PlaygroundValues,
} from './playground-form';
import { skillRecipe, templateRecipe, type Catalogue } from './recipes';

const poster = {
  slug: 'selling-points-poster',
  zh_name: '详情页卖点海报',
  description: '',
  ratio: '3:4',
  ref_required: false,
  thumb: '/t.png',
  fields: [
    { key: 'product', label: '商品名称' },
    { key: 'selling_points', label: '核心卖点', type: 'textarea' as const },
    { key: 'style', label: '视觉风格', required: false, default: '清新' },
  ],
};
const tryOn = {
  ...poster,
  slug: 'model-try-on',
  zh_name: '模特上身图',
  ratio: '2:3',
  ref_required: true,
  fields: null,
};
const cover = {
  id: '0e0b6f6c-0000-4000-8000-000000000001',
  slug: 'platform-course-cover',
  zh_name: '课程封面',
  description: '',
  ratio: '16:9',
  sample_images: [],
  fields: null,
  locked: false,
  generation_configs: null,
};
const catalogue: Catalogue = { skills: [poster, tryOn], templates: [cover] };
const REF = 'https://studio.example/files/t/a.png';

const wordsIn = (locale: 'en' | 'zh-CN') => {
  const messages = locale === 'en' ? en : zh;
  return {
    errors: createTranslator({ locale, messages, namespace: 'playground.errors' }),
    fields: createTranslator({ locale, messages, namespace: 'fields.errors' }),
  };
};
const words = wordsIn('en');

const values = (over: Partial<PlaygroundValues>): PlaygroundValues => ({
  ...playgroundDefaults(undefined, catalogue),
  ...over,
});
const problems = (over: Partial<PlaygroundValues>, w = words) =>
  (playgroundSchema(catalogue, w).safeParse(values(over)).error?.issues ?? []).map((i) => ({
    path: i.path.join('.'),
    message: i.message,
  }));

describe('playgroundDefaults', () => {
  it('starts at the linked skill’s own ratio, else 1:1', () => {
    expect(playgroundDefaults({ source: 'skill', skill: 'model-try-on', template: null }, catalogue).ratio).toBe('2:3');
    expect(playgroundDefaults({ source: 'template', skill: null, template: cover.id }, catalogue).ratio).toBe('16:9');
    expect(playgroundDefaults({ source: 'skill', skill: 'gone', template: null }, catalogue).ratio).toBe('1:1');
    expect(playgroundDefaults(undefined, catalogue)).toMatchObject({
      source: 'prompt',
      quality: 'high',
      background: 'default',
      model: 'auto',
    });
  });

  it('takes a prompt and a supported ratio from the address', () => {
    const start = { source: 'prompt' as const, skill: null, template: null, prompt: '橙色的猫', ratio: '16:9' };
    expect(playgroundDefaults(start, catalogue)).toMatchObject({ source: 'prompt', prompt: '橙色的猫', ratio: '16:9' });
    expect(playgroundDefaults({ ...start, ratio: '9:1' }, catalogue).ratio).toBe('1:1');
    expect(playgroundDefaults({ ...start, prompt: null, ratio: null }, catalogue)).toMatchObject({
      prompt: '',
      ratio: '1:1',
    });
  });
});

describe('recipeRatio', () => {
  const tryOnRecipe = skillRecipe(tryOn);
  const untouched = { picked: false, ratioSet: false, again: false };

  it('gives a recipe the user picks its own ratio, whatever the ratio was', () => {
    expect(recipeRatio(tryOnRecipe, { ...untouched, picked: true })).toBe('2:3');
    expect(recipeRatio(tryOnRecipe, { picked: true, ratioSet: true, again: true })).toBe('2:3');
    expect(recipeRatio(templateRecipe(cover), { ...untouched, picked: true })).toBe('16:9');
  });

  it('lets the linked recipe arriving after load restore its ratio only while the user has set none', () => {
    expect(recipeRatio(tryOnRecipe, untouched)).toBe('2:3');
    // The user chose 16:9 while the catalogue was on its way: the late recipe leaves it.
    expect(recipeRatio(tryOnRecipe, { ...untouched, ratioSet: true })).toBeNull();
    // A job run again keeps its own ratio.
    expect(recipeRatio(tryOnRecipe, { ...untouched, again: true })).toBeNull();
  });

  it('leaves the ratio alone for no recipe or one without a supported ratio', () => {
    expect(recipeRatio(null, { ...untouched, picked: true })).toBeNull();
    expect(recipeRatio({ ratio: null }, { ...untouched, picked: true })).toBeNull();
    expect(recipeRatio({ ratio: '9:1' }, { ...untouched, picked: true })).toBeNull();
  });
});

describe('playgroundSchema', () => {
  it('turns a prompt into the request, leaving out what Studio decides', () => {
    expect(playgroundSchema(catalogue, words).parse(values({ prompt: ' 熊猫 ', ratio: '3:4' }))).toEqual({
      prompt: '熊猫',
      ratio: '3:4',
      quality: 'high',
    });
    expect(
      playgroundSchema(catalogue, words).parse(
        values({ prompt: '贴纸', background: 'transparent', model: 'imagegen-2', reference_images: [REF] }),
      ),
    ).toEqual({
      prompt: '贴纸',
      ratio: '1:1',
      quality: 'high',
      background: 'transparent',
      model: 'imagegen-2',
      reference_images: [REF],
    });
  });

  it('asks for a prompt, or a skill or template, before anything is sent', () => {
    expect(problems({ prompt: '  ' })).toEqual([{ path: 'prompt', message: 'Describe the image you want first.' }]);
    expect(problems({ source: 'skill' })).toEqual([{ path: 'skill', message: 'Choose a skill first.' }]);
    expect(problems({ source: 'template', template: 'not-there' })).toEqual([
      { path: 'template', message: 'Choose a template first.' },
    ]);
  });

  it('refuses in the page’s language', () => {
    expect(problems({ prompt: '' }, wordsIn('zh-CN'))).toEqual([{ path: 'prompt', message: '请先描述你想要的图片。' }]);
    expect(problems({ source: 'template' }, wordsIn('zh-CN'))).toEqual([
      { path: 'template', message: '请先选择一个模板。' },
    ]);
    expect(problems({ source: 'skill', skill: tryOn.slug }, wordsIn('zh-CN'))).toEqual([
      { path: 'drafts.skill:model-try-on.sentence', message: '请用一句话描述你想要的内容。' },
    ]);
  });

  it('names the empty required fields of the chosen skill under their inputs, in field order', () => {
    expect(
      problems({
        source: 'skill',
        skill: poster.slug,
        drafts: { 'skill:selling-points-poster': { values: { product: '榨汁杯' } } },
      }),
    ).toEqual([
      { path: 'drafts.skill:selling-points-poster.values.selling_points', message: '“核心卖点” is required.' },
    ]);
  });

  it('sends the chosen skill’s form, or a template’s sentence, and ignores the drafts of others', () => {
    const drafts = {
      'skill:selling-points-poster': { values: { product: ' 榨汁杯 ', selling_points: '30秒出汁', style: '' } },
      'skill:model-try-on': { sentence: '' },
      'template:platform-course-cover': { sentence: ' 加一点雪 ' },
    };
    expect(playgroundSchema(catalogue, words).parse(values({ source: 'skill', skill: poster.slug, drafts }))).toEqual({
      skill_slug: poster.slug,
      input: { product: '榨汁杯', selling_points: '30秒出汁' },
      ratio: '1:1',
      quality: 'high',
    });
    expect(
      playgroundSchema(catalogue, words).parse(values({ source: 'template', template: cover.slug, drafts })),
    ).toMatchObject({
      template_id: cover.id,
      input: '加一点雪',
    });
    // A template's sentence is optional.
    expect(
      playgroundSchema(catalogue, words).parse(values({ source: 'template', template: cover.slug })),
    ).not.toHaveProperty('input');
  });

  it('checks the request with the API’s schema: a refused reference goes under the picker, the rest under the form', () => {
    expect(problems({ prompt: 'x', reference_images: ['ftp://nope'] })).toEqual([
      { path: 'reference_images', message: 'Must be an http(s) URL' },
    ]);
    expect(problems({ prompt: 'x', ratio: '9:1' })).toEqual([
      { path: 'root.server', message: expect.stringMatching(/^ratio: must be W:H/) as unknown },
    ]);
  });
});

/** A form that records where applyServerError puts a refusal. */
function fakeForm(source: PlaygroundValues['source'], known: string[]) {
  const errors: Record<string, string | undefined> = {};
  const focused: string[] = [];
  return {
    errors,
    focused,
    form: {
      setError: (name: string, error: { message?: string }) => void (errors[name] = error.message),
      getValues: (name: string) => (known.includes(name) ? '' : name === 'source' ? source : undefined),
      setFocus: (name: string) => void focused.push(name),
    },
  };
}

const refusal = (message: string, issues: { path: (string | number)[]; message: string }[] = []) =>
  Object.assign(new Error(message), {
    data: { code: 'BAD_REQUEST', httpStatus: 400, ...(issues.length > 0 ? { issues } : {}) },
  });

describe('server refusals', () => {
  const posterRecipe = skillRecipe(poster);
  const tryOnRecipe = skillRecipe(tryOn);

  it('puts a missing field under that field, in the server’s words, and focuses it', () => {
    const { form, errors, focused } = fakeForm('skill', ['drafts.skill:selling-points-poster.values.product']);
    const err = refusal('input.product: required field "商品名称" is missing', [
      { path: ['input', 'product'], message: 'required field "商品名称" is missing' },
    ]);
    expect(applyServerError(form as never, err, (path) => playgroundFieldName(path, 'skill', posterRecipe))).toBe(true);
    expect(errors).toEqual({
      'drafts.skill:selling-points-poster.values.product': 'Required field "商品名称" is missing',
    });
    expect(focused).toEqual(['drafts.skill:selling-points-poster.values.product']);
  });

  it('keeps an unknown field, or a form-level problem, general and word for word', () => {
    const message = 'input.colour: unknown field; the fields are product, selling_points, style';
    const { form, errors } = fakeForm('skill', []);
    applyServerError(
      form as never,
      refusal(message, [{ path: ['input', 'colour'], message: 'unknown field' }]),
      (path) => playgroundFieldName(path, 'skill', posterRecipe),
    );
    expect(errors).toEqual({ 'root.server': message });
    expect(playgroundFieldName(['input'], 'skill', posterRecipe)).toBeNull();
  });

  it('puts a sentence problem under the sentence, references under the picker, the recipe under its picker', () => {
    expect(playgroundFieldName(['input'], 'skill', tryOnRecipe)).toBe('drafts.skill:model-try-on.sentence');
    expect(playgroundFieldName(['reference_images'], 'skill', tryOnRecipe)).toBe('reference_images');
    expect(playgroundFieldName(['reference_images', 0], 'prompt', null)).toBe('reference_images');
    expect(playgroundFieldName(['skill_slug'], 'skill', null)).toBe('skill');
    expect(playgroundFieldName(['template_id'], 'template', templateRecipe(cover))).toBe('template');
    expect(playgroundFieldName(['template_id'], 'skill', posterRecipe)).toBeNull();
  });

  it('leaves refusals that name no input alone', () => {
    const message = 'No upstream currently available for transparent background';
    const { form, errors } = fakeForm('prompt', []);
    expect(applyServerError(form as never, refusal(message), (path) => playgroundFieldName(path, 'prompt', null))).toBe(
      false,
    );
    expect(errors).toEqual({ 'root.server': message });
    expect(playgroundFieldName(['ratio'], 'prompt', null)).toBeNull();
  });
});
