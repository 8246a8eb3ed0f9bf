import { FILES, NOW, POSTER_FIELDS, POSTER_TEMPLATE, SOLD_POSTER_TEMPLATE } from './common';
import type { OperationExample } from './types';

/** A platform template every tenant sees next to its own. */
const festivalTemplate = {
  id: 'a31aa161-0361-4bdb-a406-107d21c9e6bc',
  slug: 'festival-sale-poster',
  zh_name: '节日促销海报',
  description: '红金配色的节日大促海报，突出折扣和活动日期',
  category: '促销',
  domain: '零售',
  type: 'image',
  tenant_id: null,
  seller: null,
  visibility: 'shared',
  active: true,
  gated: false,
  source: 'platform',
  locked: false,
  ratio: '9:16',
  sample_images: [`${FILES}/platform/templates/festival-sale-poster.png`],
  template_type: 'poster',
  prompt_template: '节日促销竖版海报，红金配色，灯笼和彩带点缀，中央大字写“{discount}”，底部写活动日期“{date}”',
  fields: [
    { key: 'discount', label: '折扣', type: 'text', placeholder: '例如：全场 8 折', required: true },
    { key: 'date', label: '活动日期', type: 'text', placeholder: '例如：12月12日-12月14日', required: true },
  ],
  format: null,
  generation_configs: [],
  created_at: '2026-09-01T02:00:00.000Z',
  updated_at: '2026-10-15T02:00:00.000Z',
};

/** Worked examples of skills and the image and article template store. */
export const templatesExamples: Record<string, OperationExample> = {
  'GET /skills': {
    response: {
      ok: true,
      skills: [
        {
          slug: 'product-poster',
          zh_name: '商品海报',
          description: '根据商品照片生成一张竖版电商海报',
          ratio: '3:4',
          genre: 'poster',
          ref_required: true,
          thumb: `${FILES}/platform/skills/product-poster.png`,
          fields: POSTER_FIELDS,
        },
        {
          slug: 'watercolor-illustration',
          zh_name: '水彩插画',
          description: '把一句话描述画成柔和的水彩插画',
          ratio: '1:1',
          genre: 'illustration',
          ref_required: false,
          thumb: `${FILES}/platform/skills/watercolor-illustration.png`,
          fields: null,
        },
      ],
    },
  },
  'GET /templates': {
    query: {
      type: 'image',
      source: 'all',
    },
    response: {
      ok: true,
      templates: [SOLD_POSTER_TEMPLATE, festivalTemplate],
    },
  },
  'POST /templates': {
    body: {
      type: POSTER_TEMPLATE.type,
      slug: POSTER_TEMPLATE.slug,
      zh_name: POSTER_TEMPLATE.zh_name,
      description: POSTER_TEMPLATE.description,
      category: POSTER_TEMPLATE.category,
      domain: POSTER_TEMPLATE.domain,
      ratio: POSTER_TEMPLATE.ratio,
      template_type: POSTER_TEMPLATE.template_type,
      sample_images: POSTER_TEMPLATE.sample_images,
      prompt_template: POSTER_TEMPLATE.prompt_template,
      fields: POSTER_TEMPLATE.fields,
      generation_configs: POSTER_TEMPLATE.generation_configs,
    },
    response: {
      ok: true,
      template: POSTER_TEMPLATE,
    },
  },
  'PATCH /templates': {
    body: {
      id: POSTER_TEMPLATE.id,
      active: false,
    },
    response: {
      ok: true,
      template: { ...SOLD_POSTER_TEMPLATE, active: false, updated_at: NOW },
    },
  },
};
