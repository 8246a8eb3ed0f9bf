import { TEMPLATE_VARIABLE_NAMES } from '@/contracts/image-template';
import { assignVariables, buildFields, buildPromptTemplate } from '@/contracts/template-draft';
import {
  at,
  DAY,
  MINUTE,
  PHOTO_BYTES,
  PHOTO_KEY,
  PHOTO_URL,
  SHOT_BYTES,
  SHOT_KEY,
  SHOT_URL,
  SITE,
  TENANT_ID,
} from './common';
import type { OperationExample } from './types';

/** A poster on the tenant's shop site, read by POST /api/reverse and POST /api/image-to-template. */
const POSTER_URL = 'https://shop.xinghe.example.com/images/osmanthus-oolong-poster.png';

/** The reading of that poster: the fixed field set of POST /api/reverse. */
const reading = {
  sculpt: {
    subject: '一杯冒着热气的桂花乌龙茶，旁边放着一罐茶叶',
    composition: '竖版构图，茶杯居中偏下，上方留出标题区域',
    universe: '秋日午后的茶室，木桌上散落着干桂花',
    light: '左侧窗户照进的暖色自然光，阴影柔和',
    print: '商业产品摄影，浅景深',
    texture: '木纹桌面、通透的玻璃杯和有光泽的茶汤',
  },
  prompt:
    'Vertical product poster: a glass cup of steaming osmanthus oolong tea beside a tea tin on a wooden ' +
    'table, dried osmanthus flowers scattered around, warm afternoon window light, shallow depth of ' +
    'field, clean space at the top for a headline',
  prompt_cn:
    '竖版产品海报：木桌上一杯冒着热气的桂花乌龙茶和一罐茶叶，四周散落干桂花，午后暖色窗光，浅景深，顶部留出标题空间',
  style_tags: ['产品摄影', '暖色调', '清新', '国风'],
  aspect_ratio: '3:4',
  zh_name: '桂花乌龙新品海报',
  description: '一张桂花乌龙茶的竖版新品海报：暖光木桌场景，顶部是书法体大标题，右下角是价格。',
  genre: 'poster',
  body_md:
    '## 桂花乌龙新品海报\n\n画面以一杯热气升腾的桂花乌龙为主角，暖色窗光和散落的干桂花营造出秋日氛围。\n\n- 顶部：书法体大标题“桂花乌龙”和副标题“秋季限定 · 新品上市”\n- 右下角：红色价格“¥39.9”',
};

/** The texts on the poster; the English line has no variable role and stays fixed. */
const variables = assignVariables(
  [
    {
      role: 'title',
      content: '桂花乌龙',
      position: 'top-center',
      coords: { x: 0.5, y: 0.11 },
      font_category: 'handwriting',
      font_weight: 700,
      size_ratio: 0.14,
      color: '#5A3E1B',
      treatment: 'none',
      alignment: 'center',
    },
    {
      role: 'text',
      content: 'OSMANTHUS OOLONG',
      position: 'top-center',
      coords: { x: 0.5, y: 0.18 },
      font_category: 'serif',
      font_weight: 300,
      size_ratio: 0.03,
      color: '#8C6A43',
      treatment: 'none',
      alignment: 'center',
    },
    {
      role: 'subtitle',
      content: '秋季限定 · 新品上市',
      position: 'upper-center',
      coords: { x: 0.5, y: 0.23 },
      font_category: 'sans-serif',
      font_weight: 400,
      size_ratio: 0.045,
      color: '#8C6A43',
      treatment: 'none',
      alignment: 'center',
    },
    {
      role: 'price',
      content: '¥39.9',
      position: 'bottom-right',
      coords: { x: 0.82, y: 0.88 },
      font_category: 'sans-serif',
      font_weight: 700,
      size_ratio: 0.08,
      color: '#C0392B',
      treatment: 'shadow',
      alignment: 'right',
    },
  ],
  new Set(TEMPLATE_VARIABLE_NAMES),
);

/** A finished conversion: what POST answers when it finishes in time (a draft, no template made). */
const conversion = {
  ok: true,
  ...reading,
  ratio: '3:4',
  image_category: 'poster',
  text_layers: variables.layers,
  prompt_template: buildPromptTemplate(reading.prompt, variables.layers),
  fields: buildFields(variables.layers, {}),
  template_error: null,
  template_warnings: variables.warnings,
};

/** The two uploads as the upload operations answer them (GET /api/uploads adds how and when they came). */
/** Where Studio serves an uploaded image's thumbnail. */
const thumbnailOf = (key: string) => `${SITE}/thumbnails/${key}`;
const shot = { url: SHOT_URL, media_type: 'image', mime: 'image/png', key: SHOT_KEY, size: SHOT_BYTES };
const photo = { url: PHOTO_URL, media_type: 'image', mime: 'image/png', key: PHOTO_KEY, size: PHOTO_BYTES };

/** Worked examples of uploads, image reading and image-to-template. */
export const mediaExamples: Record<string, OperationExample> = {
  'POST /upload-ref/presign': {
    body: {
      ext: 'png',
      size: SHOT_BYTES,
    },
    response: {
      ok: true,
      strategy: 'direct',
      key: SHOT_KEY,
      media_type: 'image',
      mime: 'image/png',
      upload: {
        method: 'PUT',
        url:
          `https://studio-files.s3.cn-east-1.example.com/${SHOT_KEY}?X-Amz-Algorithm=AWS4-HMAC-SHA256` +
          '&X-Amz-Credential=AKIAEXAMPLESTUDIO%2F20261124%2Fcn-east-1%2Fs3%2Faws4_request&X-Amz-Date=20261124T080000Z' +
          '&X-Amz-Expires=300&X-Amz-Signature=69def52a2d9d9ab83350437ad3c3e3d28ce2cdba3b3f0e75d558826e620e9734' +
          '&X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost',
        headers: {
          'Content-Type': 'image/png',
          'Content-Length': String(SHOT_BYTES),
        },
        expires_in: 300,
      },
      commit: {
        path: '/api/upload-ref/commit',
        body: {
          key: SHOT_KEY,
        },
      },
      fallback: {
        path: '/api/upload-ref',
      },
    },
  },
  'POST /upload-ref/commit': {
    body: {
      key: SHOT_KEY,
    },
    response: { ok: true, ...shot },
  },
  'GET /uploads': {
    query: {
      limit: 20,
    },
    response: {
      ok: true,
      uploads: [
        {
          ...shot,
          thumbnail_url: thumbnailOf(SHOT_KEY),
          filename: null,
          workspace_id: null,
          strategy: 'direct',
          created_at: at(-10 * MINUTE),
        },
        {
          ...photo,
          thumbnail_url: thumbnailOf(PHOTO_KEY),
          filename: 'oolong-tea.png',
          workspace_id: 'autumn-launch',
          strategy: 'proxy',
          created_at: at(-3 * DAY),
        },
      ],
    },
  },
  'DELETE /uploads': {
    query: {
      key: SHOT_KEY,
    },
    response: {
      ok: true,
      key: SHOT_KEY,
      deleted: true,
    },
  },
  'GET /image-to-template': {
    query: {
      job_id: 'e07b642c-829f-4697-b72e-d52f2d7a08b7',
    },
    response: {
      ok: true,
      job_id: 'e07b642c-829f-4697-b72e-d52f2d7a08b7',
      status: 'done',
      steps: [
        { name: 'receive image', status: 'ok' },
        { name: 'parse image', status: 'ok' },
        { name: 'extract text layers', status: 'ok' },
        { name: 'create template', status: 'ok' },
      ],
      result: {
        ...conversion,
        template: {
          id: '514cabcc-04a6-4cd0-a415-7f178e430e1b',
          slug: 'img-fbd7c50a38',
          zh_name: reading.zh_name,
          tenant_id: TENANT_ID,
        },
      },
      error: null,
    },
  },
  'POST /image-to-template': {
    body: {
      image_url: POSTER_URL,
    },
    response: conversion,
  },
  'POST /upload-ref': {
    form: {
      file: '@oolong-tea.png',
      workspace_id: 'autumn-launch',
    },
    response: { ok: true, ...photo },
  },
  'POST /reverse': {
    body: {
      image_url: POSTER_URL,
    },
    response: { ok: true, ...reading, ratio: '3:4' },
  },
};
