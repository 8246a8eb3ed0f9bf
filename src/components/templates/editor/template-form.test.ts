import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh-CN.json';
import { templateCreateSchema, videoTemplateCreateSchema } from '@/contracts/templates';
import type { FieldDraft } from '@/components/editor/fields-form';
import {
  emptyTemplateValues,
  inputOfBodyPath,
  switchedKind,
  templateFormSchema,
  templateValuesOf,
  type TemplateFormValues,
} from './template-form';

const field = (key: string, label: string, more: Partial<FieldDraft> = {}): FieldDraft => ({
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
  ...more,
});

const english = createTranslator({ locale: 'en', messages: en, namespace: 'templates.rules' });
const chinese = createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'templates.rules' });

function problems(values: TemplateFormValues, creating = true, words = english): Record<string, string> {
  const parsed = templateFormSchema(creating, words).safeParse(values);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('the template form', () => {
  it('names the blanks of a new template in the console’s words', () => {
    expect(problems(emptyTemplateValues('image'))).toEqual({
      zh_name: 'Give the template a name.',
      prompt_template: 'Write the prompt the template fills.',
    });
    expect(problems({ ...emptyTemplateValues('article'), zh_name: '文案', prompt_template: '写' })).toEqual({
      format: 'Choose the format of the copy.',
    });
  });

  it('refuses in Chinese on a Chinese page', () => {
    expect(problems(emptyTemplateValues('image'), true, chinese)).toEqual({
      zh_name: '请填写模板名称。',
      prompt_template: '请填写模板要填充的提示词。',
    });
    const video = {
      ...emptyTemplateValues('video'),
      zh_name: '视频',
      prompt_template: 'p',
      sample_cover_image: 'ftp://x',
      generation_configs: [{ ratio: '9:16', duration: '0' }],
    };
    expect(problems(video, true, chinese)).toEqual({
      sample_cover_image: '请填写 http(s) 地址',
      'generation_configs.0.duration': '请填写 1 到 60 的整数秒。',
    });
  });

  it('checks only what the kind uses, with the contract’s rules', () => {
    const image: TemplateFormValues = {
      ...emptyTemplateValues('image'),
      zh_name: '海报',
      slug: 'Bad Slug',
      prompt_template: '{product}',
      sample_images: [{ url: '' }, { url: 'ftp://example.com/a.png' }],
      fields: [field('product', '商品'), field('2x', '')],
      // Left over from another kind: not checked, not sent.
      generation_configs: [{ ratio: 'nope', duration: '0' }],
    };
    expect(problems(image)).toEqual({
      slug: 'Use 2–80 characters of a–z, 0–9 and -, starting with a letter or digit.',
      'sample_images.1.url': 'Must be an http(s) URL',
      'fields.1.key': 'Keys use letters, digits and _ and do not start with a digit.',
      'fields.1.label': 'Give the field a label; callers see it above the input.',
    });
    // An existing template keeps its slug: it is neither checked nor sent.
    expect(problems(image, false).slug).toBeUndefined();

    const video: TemplateFormValues = {
      ...emptyTemplateValues('video'),
      zh_name: '视频',
      prompt_template: 'p',
      sample_cover_image: 'not a url',
      generation_configs: [
        { ratio: '9:16', duration: '2.5' },
        { ratio: '', duration: '61' },
      ],
    };
    expect(problems(video)).toEqual({
      sample_cover_image: 'Must be an http(s) URL',
      'generation_configs.0.duration': 'Whole seconds, 1 to 60.',
      'generation_configs.1.ratio': 'Write the ratio as W:H, e.g. 9:16.',
      'generation_configs.1.duration': 'Whole seconds, 1 to 60.',
    });
  });

  it('answers bodies the API accepts', () => {
    const image = templateFormSchema(true, english).parse({
      ...emptyTemplateValues('image'),
      zh_name: ' 海报 ',
      ratio: '',
      template_type: ' text2img ',
      prompt_template: '为{product}设计海报 ',
      sample_images: [{ url: ' ' }, { url: 'https://example.com/a.png' }],
      fields: [field('product', '商品', { placeholder: '坚果' })],
    });
    expect(image).toEqual({
      kind: 'image',
      slug: undefined,
      body: {
        zh_name: '海报',
        description: '',
        category: '',
        domain: '',
        gated: false,
        active: true,
        prompt_template: '为{product}设计海报',
        fields: [{ key: 'product', label: '商品', placeholder: '坚果' }],
        ratio: null,
        template_type: 'text2img',
        sample_images: ['https://example.com/a.png'],
      },
    });
    expect(templateCreateSchema.safeParse({ type: 'image', ...image.body }).success).toBe(true);

    const video = templateFormSchema(true, english).parse({
      ...emptyTemplateValues('video'),
      zh_name: '视频',
      slug: 'unbox-video',
      prompt_template: 'p',
    });
    expect(video.kind === 'video' && video.body.generation_configs).toEqual([{ ratio: '9:16', duration: 5 }]);
    expect(video.slug).toBe('unbox-video');
    expect(videoTemplateCreateSchema.safeParse({ slug: video.slug, ...video.body }).success).toBe(true);
  });

  it('round-trips a saved template and keeps what a change of kind allows', () => {
    const values = templateValuesOf({
      kind: 'video',
      id: '00000000-0000-4000-8000-000000000000',
      slug: 'vid-1',
      zh_name: '开箱',
      description: '',
      category: '',
      tenant_id: null,
      seller: null,
      visibility: 'private',
      active: true,
      gated: false,
      source: 'mine',
      locked: false,
      prompt_template: '拍{product}',
      fields: [{ key: 'product', label: '商品', type: 'textarea' }],
      sample_cover_image: null,
      sample_video_url: null,
      generation_configs: [{ ratio: '16:9', duration: 8 }],
      created_at: '',
      updated_at: '',
    });
    expect(values.generation_configs).toEqual([{ ratio: '16:9', duration: '8' }]);
    expect(values.fields[0]).toEqual(field('product', '商品', { type: 'textarea' }));
    const image = switchedKind({ ...values, sample_cover_image: 'https://x.test/c.png' }, 'image');
    expect(image).toMatchObject({
      kind: 'image',
      ratio: '1:1',
      generation_configs: [],
      sample_cover_image: '',
      zh_name: '开箱',
    });
  });

  it('finds the input a refusal names, counting only sample rows with an address', () => {
    const values = {
      ...emptyTemplateValues('image'),
      sample_images: [{ url: '' }, { url: 'https://a.test/1.png' }, { url: 'https://a.test/2.png' }],
    };
    expect(inputOfBodyPath(values, ['sample_images', 1])).toBe('sample_images.2.url');
    expect(inputOfBodyPath(values, ['zh_name'])).toBe('zh_name');
    expect(inputOfBodyPath(values, ['fields'])).toBeNull();
    expect(inputOfBodyPath(values, ['type'])).toBeNull();
  });
});
