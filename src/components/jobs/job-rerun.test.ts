import { describe, expect, it } from 'vitest';
import { playgroundDefaults } from '@/components/playground/playground-form';
import {
  downloadName,
  hookInput,
  playgroundStartFrom,
  runAgainHref,
  videoStartFrom,
  type JobRequest,
} from './job-rerun';

const request = (body: Record<string, unknown>, extra: Partial<JobRequest> = {}): JobRequest => ({
  body,
  complete: true,
  model: null,
  reference_images: [],
  template_slug: null,
  input: null,
  duration: null,
  resolution: null,
  generate_audio: null,
  callback_url: null,
  ...extra,
});

describe('running a job again', () => {
  it('starts the Playground with the same prompt and every setting', () => {
    const start = playgroundStartFrom(
      request({
        prompt: '一只猫',
        ratio: '3:4',
        quality: 'low',
        background: 'transparent',
        model: 'gpt-image',
        reference_images: ['http://x/a.png'],
      }),
    );
    const values = playgroundDefaults(start, { skills: [], templates: [] });
    expect(values).toMatchObject({
      source: 'prompt',
      prompt: '一只猫',
      ratio: '3:4',
      quality: 'low',
      background: 'transparent',
      model: 'gpt-image',
      reference_images: ['http://x/a.png'],
    });
  });

  it('starts a template job on its template with its values, under the recipe’s own key and ratio', () => {
    const start = playgroundStartFrom(
      request(
        { template_id: 'tid', input: { product: '壶' }, ratio: '16:9' },
        { template_slug: 'shop', input: { product: '壶' } },
      ),
    );
    const template = {
      id: 'tid',
      slug: 'shop',
      zh_name: '商品',
      description: '',
      ratio: '1:1',
      sample_images: [],
      fields: [{ key: 'product', label: '商品' }],
      locked: false,
      generation_configs: null,
    };
    const values = playgroundDefaults(start, { skills: [], templates: [template] });
    expect(values).toMatchObject({
      source: 'template',
      template: 'shop',
      ratio: '16:9',
      drafts: { 'template:shop': { values: { product: '壶' } } },
    });
  });

  it('starts a video job on the Video page with its template, frames and length', () => {
    expect(
      videoStartFrom(
        request(
          { template_id: 'v1', input: '海边', images: ['http://x/f.png'], duration: 8, model: 'tier-a' },
          { template_slug: 'sea', input: '海边' },
        ),
      ),
    ).toMatchObject({
      source: 'template',
      template: 'sea',
      drafts: { 'video:sea': { sentence: '海边' } },
      images: ['http://x/f.png'],
      duration: '8',
      model: 'tier-a',
    });
    expect(runAgainHref({ id: 'j1', kind: 'video' })).toBe('/videos?from=j1');
    expect(runAgainHref({ id: 'j1', kind: 'image' })).toBe('/playground?from=j1');
  });

  it('names a download by what it is and keeps the file’s extension', () => {
    expect(
      downloadName({ id: '3f2a9c1e-aaaa', kind: 'image', cdn_url: 'http://h/files/t/results/3f2a9c1e-aaaa.webp' }),
    ).toBe('studio-image-3f2a9c1e.webp');
    expect(downloadName({ id: '3f2a9c1e-aaaa', kind: 'video', cdn_url: null })).toBe('studio-video-3f2a9c1e.mp4');
  });
});

describe('a hook’s input', () => {
  const job = { input: { product: '咖啡壶', style: '极简' }, prompt: '咖啡壶，白底', imageUrl: 'http://h/i.png' };

  it('fills fields of the same key and image fields with the job’s image, and names what stays missing', () => {
    const fields = [
      { key: 'product', label: '商品' },
      { key: 'image_url', label: '图片' },
      { key: 'audience', label: '人群' },
      { key: 'tone', label: '语气', required: false },
    ];
    expect(hookInput(fields, job)).toEqual({
      input: { product: '咖啡壶', image_url: 'http://h/i.png' },
      missing: ['人群'],
    });
  });

  it('gives a one-sentence template the job’s values as a sentence, else its prompt', () => {
    expect(hookInput([], job)).toEqual({ input: '咖啡壶；极简', missing: [] });
    expect(hookInput(null, { ...job, input: null })).toEqual({ input: '咖啡壶，白底', missing: [] });
  });
});
