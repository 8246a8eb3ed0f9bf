import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { pipelineForms } from './pipeline-forms';

const { bindFormSchema, editPipelineSchema } = pipelineForms(
  createTranslator({ locale: 'en', messages: en, namespace: 'pipelines.form' }),
);

const bindIssues = (schema: typeof bindFormSchema, type: 'article' | 'video') =>
  schema
    .safeParse({ image_template_slug: '', hook_type: type, hook_template_slug: '', enabled: null, note: '' })
    .error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('bindFormSchema', () => {
  it('asks for the image template, then the downstream one of the chosen type', () => {
    expect(bindIssues(bindFormSchema, 'article')).toEqual([
      ['image_template_slug', 'Choose the image template first.'],
      ['hook_template_slug', 'Choose the article template to bind.'],
    ]);
    expect(bindIssues(bindFormSchema, 'video')?.[1]).toEqual([
      'hook_template_slug',
      'Choose the video template to bind.',
    ]);
  });

  it('refuses in Chinese', () => {
    const chinese = pipelineForms(createTranslator({ locale: 'zh-CN', messages: zh, namespace: 'pipelines.form' }));
    expect(bindIssues(chinese.bindFormSchema, 'video')).toEqual([
      ['image_template_slug', '请先选择图片模板。'],
      ['hook_template_slug', '请选择要绑定的视频模板。'],
    ]);
  });

  it('leaves out an empty note and keeps an untouched switch as null', () => {
    expect(
      bindFormSchema.parse({
        image_template_slug: 'a',
        hook_type: 'video',
        hook_template_slug: 'b',
        enabled: null,
        note: '  ',
      }),
    ).toEqual({
      image_template_slug: 'a',
      hook_type: 'video',
      hook_template_slug: 'b',
      enabled: null,
      note: undefined,
    });
  });
});

describe('editPipelineSchema', () => {
  it('sends a cleared note, and refuses a note longer than the contract allows', () => {
    expect(editPipelineSchema.parse({ hook_template_slug: 'b', enabled: true, note: '  ' })).toEqual({
      hook_template_slug: 'b',
      enabled: true,
      note: '',
    });
    expect(
      editPipelineSchema.safeParse({ hook_template_slug: 'b', enabled: true, note: 'x'.repeat(501) }).error?.issues[0]
        ?.message,
    ).toBe('The note can be at most 500 characters.');
  });
});
