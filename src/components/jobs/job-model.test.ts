import { describe, expect, it } from 'vitest';
import { inputsLine, jobHeading, jobKind, jobTemplateRef, jobTitle, type JobTemplate } from './job-model';

const words = (key: 'conversionTitle' | 'untitled') =>
  ({ conversionTitle: 'Image to template', untitled: 'Untitled job' })[key];

describe('how a job is named', () => {
  it('names a conversion by what it is, since it has no prompt', () => {
    expect(jobKind({ kind: 'template' })).toBe('template');
    expect(jobTitle({ kind: 'template', prompt: '' }, words)).toBe('Image to template');
  });

  it('keeps image and video jobs as they were', () => {
    expect(jobKind({ kind: 'video' })).toBe('video');
    expect(jobKind({ kind: 'image' })).toBe('image');
    expect(jobTitle({ kind: 'image', prompt: '一只猫' }, words)).toBe('一只猫');
    expect(jobTitle({ kind: 'image', prompt: '' }, words)).toBe('Untitled job');
  });
});

describe("a template job's heading", () => {
  const shop: JobTemplate = {
    id: '0e0b6f6c-0000-4000-8000-000000000002',
    slug: 'shop-white',
    zh_name: '商品白底图',
    fields: [
      { key: 'product', label: '商品' },
      { key: 'discount', label: '折扣' },
    ],
  };
  const job = { kind: 'image' as const, prompt: '手冲咖啡壶，白底，棚拍，柔光，8 折', template_id: shop.id };
  const request = { template_slug: 'shop-white', input: { product: '手冲咖啡壶', discount: '8 折' } };

  it('is the template’s name and the inputs it was given by their labels, never the prompt they expanded to', () => {
    expect(jobHeading(job, request, shop, 'zh-CN', words)).toEqual({
      title: '商品白底图',
      inputs: '商品 手冲咖啡壶 · 折扣 8 折',
    });
  });

  it('names the template in the reader’s language, its Chinese name where it has no English one', () => {
    expect(jobHeading(job, request, { ...shop, en_name: 'Product on white' }, 'en', words).title).toBe(
      'Product on white',
    );
    expect(jobHeading(job, request, { ...shop, en_name: 'Product on white' }, 'zh-CN', words).title).toBe('商品白底图');
    expect(jobHeading(job, request, shop, 'en', words).title).toBe('商品白底图');
  });

  it('never shows the prompt while the request is still being read: the template, else its id', () => {
    expect(jobHeading(job, undefined, shop, 'zh-CN', words)).toEqual({ title: '商品白底图', inputs: '' });
    expect(jobHeading(job, undefined, undefined, 'zh-CN', words).title).toBe(shop.id);
    expect(jobTemplateRef(job, undefined)).toBe(shop.id);
    expect(jobTemplateRef(job, request)).toBe('shop-white');
  });

  it('falls back to the slug and the fields’ keys while the template is not in the list', () => {
    expect(jobHeading(job, request, undefined, 'en', words)).toEqual({
      title: 'shop-white',
      inputs: 'product 手冲咖啡壶 · discount 8 折',
    });
  });

  it('keeps a one-sentence input as typed, and heads a prompt job by its prompt', () => {
    expect(jobHeading(job, { template_slug: 'shop-white', input: '咖啡壶' }, shop, 'en', words).inputs).toBe('咖啡壶');
    expect(
      jobHeading({ ...job, template_id: null }, { template_slug: null, input: null }, undefined, 'en', words),
    ).toEqual({
      title: job.prompt,
      inputs: '',
    });
    expect(jobHeading({ ...job, template_id: null }, undefined, undefined, 'en', words).title).toBe(job.prompt);
    expect(inputsLine(shop, null)).toBe('');
  });
});
