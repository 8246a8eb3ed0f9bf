import { DEFAULT_TUTORIAL_TITLE } from '@/contracts/claims';

/**
 * The one story the worked examples tell, so every operation shows the same tenant, files, templates
 * and jobs: the tenant 星河文创 sells osmanthus oolong tea, uploads a product photo, makes a new-arrival
 * poster template, sells it with a claim code, and generates images and videos. Ids, keys and
 * addresses are written once here; the example files spread these objects and change only what
 * differs, so two operations never show one object two ways.
 */

/** Where the examples are served from (the document's own example server). */
export const SITE = 'https://studio.example.com';
/** `{image_host}`: the public address of uploaded and generated files. */
export const FILES = 'https://cdn.studio.example.com';

/** Tuesday 2026-11-24, 16:00 in Asia/Shanghai: "now" in every example. */
export const NOW = '2026-11-24T08:00:00.000Z';
/** An instant `ms` milliseconds after {@link NOW} (negative: before), as the API writes it. */
export const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const TENANT_ID = '3f1c2a9e-6b1d-4c47-9a52-0d8e7b6f5a10';
export const TENANT_NAME = '星河文创';
export const TENANT_KEY = 'sk-studio-ybjGUNDM1gehgFtIUku7AQnJVIfgPYqZP7QXdxgz';

/** The tenant's allocatable credits "now" (GET /balance, GET /tenant-pool, GET /tenant-stats). */
export const TENANT_CREDITS = 12_480;

export const MEMBER_LIN = {
  account_id: '6df7e95a-dce5-497a-98dd-bb0d04b90484',
  email: 'lin@xinghe.example.com',
  nickname: '小林',
  api_key: 'sk-studio-Njp00i6xkrjZIQ41FApqvJTA1aR5J6twXvIGYFhy',
};
export const MEMBER_JIE = {
  account_id: '49825bfc-b823-4658-bbca-29d3d1de8be9',
  email: 'ajie@xinghe.example.com',
  nickname: '阿杰',
  api_key: 'sk-studio-GZAAqkzADdwP9tcAeZCj4Wgru5B0McHDSIfU7JOE',
};
/** 阿杰's dedicated credits left: the tenant pool's only reservation. */
export const JIE_DEDICATED = 764;

const upload = (id: string, ext: string, workspace?: string) =>
  `${TENANT_ID}/uploads/tenant/${workspace ? `${workspace}/` : ''}${id}.${ext}`;
/** The product photo sent through POST /api/upload-ref (workspace `autumn-launch`). */
export const PHOTO_KEY = upload('38a59b52-28c9-4790-b797-ee8a25809a85', 'png', 'autumn-launch');
export const PHOTO_URL = `${FILES}/${PHOTO_KEY}`;
export const PHOTO_BYTES = 482_311;
/** The larger shot uploaded directly to the bucket (POST /api/upload-ref/presign, then commit). */
export const SHOT_KEY = upload('ae62245e-b60e-4e9e-ad03-5c19bb6bf629', 'png');
export const SHOT_URL = `${FILES}/${SHOT_KEY}`;
export const SHOT_BYTES = 2_621_440;

/** A generated file of a job or task, where the worker stores it. */
export const resultUrl = (jobId: string, ext: string) => `${FILES}/${TENANT_ID}/results/${jobId}.${ext}`;

/** The form of the tenant's poster template (and of the poster skill): the product and a headline. */
export const POSTER_FIELDS = [
  {
    key: 'product',
    label: '产品名',
    type: 'text',
    placeholder: '例如：桂花乌龙茶',
    help: '写产品的名字，不超过 20 个字',
    required: true,
  },
  {
    key: 'slogan',
    label: '主标题',
    type: 'text',
    placeholder: '例如：秋季限定',
    help: '海报顶部的大字，不填则写“新品上市”',
    required: false,
    default: '新品上市',
  },
];

/** How a template of the tenant's own reads in a list: private, active, open to its members. */
const OWN_TEMPLATE = {
  tenant_id: TENANT_ID,
  seller: null,
  visibility: 'private',
  active: true,
  gated: false,
  source: 'mine',
  locked: false,
} as const;

/** The tenant's own image template, as POST /api/templates answers it when made. */
export const POSTER_TEMPLATE = {
  id: 'df0de5d1-5fab-4c8b-b81c-efc7b165cb6c',
  slug: 'new-arrival-poster',
  zh_name: '新品海报',
  description: '适合电商新品发布的竖版海报，产品居中，顶部大标题',
  category: '电商',
  domain: '茶饮',
  type: 'image',
  ...OWN_TEMPLATE,
  ratio: '3:4',
  sample_images: [`${FILES}/${TENANT_ID}/templates/df0de5d1-5fab-4c8b-b81c-efc7b165cb6c.png`],
  template_type: 'poster',
  prompt_template:
    '为{product}设计一张竖版新品海报：产品居中摆在浅色木桌上，背景干净留白，顶部大字写“{slogan}”，整体清新雅致',
  fields: POSTER_FIELDS,
  format: null,
  generation_configs: [{ default_reference_images: [PHOTO_URL] }],
  created_at: at(-2 * DAY),
  updated_at: at(-2 * DAY),
};

/** The tenant's article template: a xiaohongshu note for a product. */
export const NOTE_TEMPLATE_SLUG = 'xhs-product-note';

/** The tenant's video template, as POST /api/video-templates answers it when made. */
export const SPIN_TEMPLATE = {
  id: '28b96717-78e6-4b14-a881-0349241c6f96',
  slug: 'product-spin',
  zh_name: '产品旋转展示',
  description: '产品在白色转台上缓慢旋转一周，适合商品主图视频',
  category: '电商',
  ...OWN_TEMPLATE,
  prompt_template: '{product}在白色转台上缓慢旋转一周，柔和棚拍光，纯白背景，镜头固定',
  fields: [
    {
      key: 'product',
      label: '产品',
      type: 'text',
      placeholder: '例如：一罐桂花乌龙茶',
      required: true,
    },
  ],
  sample_cover_image: `${FILES}/${TENANT_ID}/templates/28b96717-78e6-4b14-a881-0349241c6f96-cover.jpg`,
  sample_video_url: `${FILES}/${TENANT_ID}/templates/28b96717-78e6-4b14-a881-0349241c6f96.mp4`,
  generation_configs: [{ ratio: '9:16', duration: 5 }],
  created_at: at(-DAY),
  updated_at: at(-DAY),
};

/** The claim code that sells the poster template (made, previewed, redeemed, then listed). */
export const CLAIM = {
  code: '9WJ39DG4N8H141NPFHGP',
  credits: 500,
  note: '淘宝订单 3861207745',
  tutorial_pdf: { url: `${FILES}/${TENANT_ID}/docs/ai-poster-tips.pdf`, title: DEFAULT_TUTORIAL_TITLE },
  buyer: { nickname: '茶友小美', email: 'xiaomei@example.com' },
  created_at: at(-3 * HOUR),
};
/** The poster template once the claim code gated it. */
export const SOLD_POSTER_TEMPLATE = { ...POSTER_TEMPLATE, gated: true, updated_at: CLAIM.created_at };
export const CLAIM_URL = `${SITE}/claim/${CLAIM.code}`;
