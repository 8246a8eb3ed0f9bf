import { at, HOUR, NOTE_TEMPLATE_SLUG, NOW, POSTER_TEMPLATE, SPIN_TEMPLATE } from './common';
import type { OperationExample } from './types';

/** The article of POST /api/article, as the history shows it. */
const NOTE_ARTICLE = {
  id: '5b0f7c2e-8d4a-4e61-9c3b-2f7a1e6d9b40',
  status: 'done',
  template_slug: NOTE_TEMPLATE_SLUG,
  template_id: 'c8a1e0f2-4b7d-4c39-8e15-6a2d9f0b3c71',
  template_name: '小红书种草笔记',
  format: 'xiaohongshu',
  title: '秋天的第一杯桂花乌龙，真的会上瘾',
  hashtags: ['#桂花乌龙', '#秋日好茶', '#办公室囤货', '#冷泡茶'],
  error: null,
  credits: 1,
  by: 'key',
  account_id: null,
  created_at: at(-HOUR),
  elapsed_ms: 6_200,
};

/** The tenant's hook: after a poster, write a xiaohongshu note with the article template. */
const hook = {
  id: '5cf85206-ae96-4428-8f85-069fec561d28',
  image_template_slug: POSTER_TEMPLATE.slug,
  hook_type: 'article',
  hook_template_slug: NOTE_TEMPLATE_SLUG,
  enabled: true,
  note: '新品海报出图后配一篇小红书种草笔记',
  created_at: at(-HOUR),
  updated_at: at(-HOUR),
};

/** Worked examples of video templates, template hooks and article copy (what an image leads on to). */
export const downstreamExamples: Record<string, OperationExample> = {
  'GET /video-templates': {
    query: {
      source: 'all',
    },
    response: {
      ok: true,
      templates: [SPIN_TEMPLATE],
    },
  },
  'POST /video-templates': {
    body: {
      slug: SPIN_TEMPLATE.slug,
      zh_name: SPIN_TEMPLATE.zh_name,
      description: SPIN_TEMPLATE.description,
      category: SPIN_TEMPLATE.category,
      prompt_template: SPIN_TEMPLATE.prompt_template,
      fields: SPIN_TEMPLATE.fields,
      sample_cover_image: SPIN_TEMPLATE.sample_cover_image,
      sample_video_url: SPIN_TEMPLATE.sample_video_url,
      generation_configs: SPIN_TEMPLATE.generation_configs,
    },
    response: {
      ok: true,
      template: SPIN_TEMPLATE,
    },
  },
  'PATCH /video-templates': {
    body: {
      id: SPIN_TEMPLATE.id,
      active: false,
    },
    response: {
      ok: true,
      template: { ...SPIN_TEMPLATE, active: false, updated_at: NOW },
    },
  },
  'GET /template-hooks': {
    query: {
      image_template_slug: POSTER_TEMPLATE.slug,
    },
    response: {
      ok: true,
      hooks: [hook],
    },
  },
  'POST /template-hooks': {
    body: {
      image_template_slug: hook.image_template_slug,
      hook_type: hook.hook_type,
      hook_template_slug: hook.hook_template_slug,
      note: hook.note,
    },
    response: {
      ok: true,
      created: true,
      hook: hook,
    },
  },
  'PATCH /template-hooks': {
    body: {
      id: hook.id,
      enabled: false,
    },
    response: {
      ok: true,
      hook: { ...hook, enabled: false, updated_at: NOW },
    },
  },
  'DELETE /template-hooks': {
    query: {
      id: hook.id,
    },
    response: {
      ok: true,
      id: hook.id,
      deleted: true,
    },
  },
  'POST /article': {
    body: {
      template_slug: NOTE_TEMPLATE_SLUG,
      input: {
        product: '桂花乌龙茶',
        selling_point: '桂花窨制，冷泡热泡都回甘',
      },
    },
    response: {
      ok: true,
      template_slug: NOTE_TEMPLATE_SLUG,
      format: 'xiaohongshu',
      title: '秋天的第一杯桂花乌龙，真的会上瘾',
      body: '最近办公室人手一杯的桂花乌龙终于被我找到了！\n\n开罐就是满满的桂花香，乌龙茶底不苦不涩，热泡香气更足，冷泡一晚第二天带去上班，入口清甜还回甘。\n\n一袋一泡很方便，下午犯困来一杯刚刚好。',
      hashtags: ['#桂花乌龙', '#秋日好茶', '#办公室囤货', '#冷泡茶'],
      credits: 1,
    },
  },
  'GET /article/history': {
    query: {
      q: '桂花',
      limit: 20,
    },
    response: {
      ok: true,
      articles: [
        {
          ...NOTE_ARTICLE,
          excerpt: '最近办公室人手一杯的桂花乌龙终于被我找到了！',
          topic: 'product: 桂花乌龙茶 · selling_point: 桂花窨制，冷泡热泡都回甘',
        },
      ],
      next_cursor: null,
    },
  },
  'GET /article': {
    query: {
      id: NOTE_ARTICLE.id,
    },
    response: {
      ok: true,
      ...NOTE_ARTICLE,
      body: '最近办公室人手一杯的桂花乌龙终于被我找到了！\n\n开罐就是满满的桂花香，乌龙茶底不苦不涩，热泡香气更足，冷泡一晚第二天带去上班，入口清甜还回甘。',
      input: { product: '桂花乌龙茶', selling_point: '桂花窨制，冷泡热泡都回甘' },
    },
  },
};
