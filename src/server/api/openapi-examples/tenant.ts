import { claimTexts } from '@/server/domain/claims/claim-texts';
import {
  at,
  CLAIM,
  CLAIM_URL,
  DAY,
  JIE_DEDICATED,
  MEMBER_JIE,
  MEMBER_LIN,
  MINUTE,
  NOW,
  POSTER_FIELDS,
  POSTER_TEMPLATE,
  SITE,
  TENANT_CREDITS,
  TENANT_ID,
  TENANT_KEY,
  TENANT_NAME,
} from './common';
import type { OperationExample } from './types';

/** Credits per Shanghai day of one category after another; `total` is their sum. */
const usageDay = (date: string, image: number, video: number, chat: number, reverse: number, other: number) => ({
  image,
  video,
  chat,
  reverse,
  other,
  total: image + video + chat + reverse + other,
  date,
});
/** The last 7 Shanghai days, oldest first, days without use as zeros. */
const week = [
  usageDay('2026-11-18', 96, 40, 3, 4, 0),
  usageDay('2026-11-19', 128, 0, 5, 2, 0),
  usageDay('2026-11-20', 84, 20, 2, 0, 0),
  usageDay('2026-11-21', 0, 0, 0, 0, 0),
  usageDay('2026-11-22', 0, 0, 0, 0, 0),
  usageDay('2026-11-23', 152, 60, 6, 8, 0),
  usageDay('2026-11-24', 72, 10, 4, 4, 0),
];
const sum = (k: 'image' | 'video' | 'chat' | 'reverse' | 'other' | 'total') => week.reduce((n, d) => n + d[k], 0);

/** The week with articles in a bucket of their own (GET /tenant-usage/categories): here one credit a day of chat was articles. */
function byCategory(days: typeof week) {
  const daily = days.map((d) => ({ ...d, chat: Math.max(0, d.chat - 1), article: Math.min(1, d.chat) }));
  const add = (k: 'image' | 'video' | 'chat' | 'reverse' | 'other' | 'article' | 'total') =>
    daily.reduce((n, d) => n + d[k], 0);
  return {
    daily,
    totals: {
      image: add('image'),
      video: add('video'),
      chat: add('chat'),
      reverse: add('reverse'),
      other: add('other'),
      article: add('article'),
      total: add('total'),
    },
  };
}

/** The member accounts of the tenant as the list shows them (newest first). */
const linAccount = {
  ...MEMBER_LIN,
  mode: 'shared',
  shared: true,
  credits: null,
  spent: 1_240,
  disabled: false,
  default_key_policy: { kinds: ['image', 'chat'], spend_cap: { credits: 300, period: 'week' } },
  created_at: at(-30 * DAY),
};
const jieAccount = {
  ...MEMBER_JIE,
  mode: 'dedicated',
  shared: false,
  credits: JIE_DEDICATED,
  spent: 236,
  disabled: false,
  default_key_policy: null,
  created_at: at(-45 * DAY),
};

/** The claim code, made 3 hours before "now" (the tenant has spent 56 credits since). */
const claimTemplates = [{ slug: POSTER_TEMPLATE.slug, zh_name: POSTER_TEMPLATE.zh_name }];
const texts = claimTexts({
  tenantName: TENANT_NAME,
  url: CLAIM_URL,
  credits: CLAIM.credits,
  // The festival poster is a platform template: the texts name it as one, not as 专属.
  templates: [{ name: POSTER_TEMPLATE.zh_name, exclusive: false }],
  tutorialTitle: CLAIM.tutorial_pdf.title,
});

/** Worked examples of operator actions, balances, members, callbacks secret, usage and claim codes. */
export const tenantExamples: Record<string, OperationExample> = {
  'POST /admin': {
    body: {
      action: 'tenant-create',
      name: TENANT_NAME,
      credits: 5000,
      quota_monthly: 20000,
      admin_email: 'admin@xinghe.example.com',
      admin_password: 'Xinghe-Console-2026',
    },
    response: {
      tenant: {
        id: TENANT_ID,
        name: TENANT_NAME,
        quota_monthly: 20000,
        credits: 5000,
        created_at: at(-60 * DAY),
        admin_email: 'admin@xinghe.example.com',
        disabled: false,
      },
      api_key: TENANT_KEY,
      ok: true,
      action: 'tenant-create',
    },
  },
  'GET /balance': {
    response: {
      ok: true,
      credits: TENANT_CREDITS,
      pool: 'tenant',
    },
  },
  'GET /tenant-pool': {
    response: {
      ok: true,
      allocatable: TENANT_CREDITS,
      reserved: JIE_DEDICATED,
      total: TENANT_CREDITS + JIE_DEDICATED,
      members_dedicated: 1,
    },
  },
  'GET /tenant-accounts': {
    response: {
      ok: true,
      accounts: [linAccount, jieAccount],
    },
  },
  'POST /tenant-accounts': {
    body: {
      action: 'create',
      email: 'zhou@xinghe.example.com',
      nickname: '小周',
    },
    response: {
      account: {
        account_id: '34b51438-9cf8-4473-a135-be2d50aead63',
        email: 'zhou@xinghe.example.com',
        nickname: '小周',
        api_key: 'sk-studio-kuFAIlXIRsEraJvHcBPwB0lXC7E5rRfAQosA4bE6',
        mode: 'shared',
        shared: true,
        credits: null,
        spent: 0,
        disabled: false,
        default_key_policy: null,
        created_at: NOW,
      },
      ok: true,
      action: 'create',
    },
  },
  'GET /webhook-secret': {
    response: {
      ok: true,
      secret: 'whsec_ODP8VQ+Ctqy+FNa7QwBO0Dn57vSfGBjA9/i5hw2CA8E=',
      scheme: 'standard-webhooks',
    },
  },
  'POST /webhook-secret': {
    body: {},
    response: {
      ok: true,
      secret: 'whsec_fKRdkgSg44B6pbqZh6ramYAXjLQRovOKGxvIJd3IfQc=',
      scheme: 'standard-webhooks',
    },
  },
  'GET /tenant-usage': {
    query: {
      days: '7',
    },
    response: {
      ok: true,
      tenant: {
        name: TENANT_NAME,
      },
      timezone: 'Asia/Shanghai',
      days: 7,
      since: '2026-11-17T16:00:00.000Z',
      generated_at: NOW,
      totals: {
        image: sum('image'),
        video: sum('video'),
        chat: sum('chat'),
        reverse: sum('reverse'),
        other: sum('other'),
        total: sum('total'),
      },
      daily: week,
    },
  },
  'GET /tenant-usage/categories': {
    query: {
      days: '7',
    },
    response: {
      ok: true,
      tenant: {
        name: TENANT_NAME,
      },
      timezone: 'Asia/Shanghai',
      days: 7,
      since: '2026-11-17T16:00:00.000Z',
      generated_at: NOW,
      totals: byCategory(week).totals,
      daily: byCategory(week).daily,
    },
  },
  'GET /tenant-stats': {
    query: {
      hours: '24',
    },
    response: {
      ok: true,
      window_hours: 24,
      generated_at: NOW,
      tenant: {
        name: TENANT_NAME,
        quota_monthly: 20000,
        used_month: 6380,
        credits: TENANT_CREDITS,
      },
      mine: {
        attempts_total: 47,
        jobs: {
          total: 42,
          done: 38,
          failed: 2,
          processing: 2,
          success_rate: 0.95,
          p95_ms: 21400,
        },
        charged_cny: 16.6,
      },
    },
  },
  'POST /tenant-claims': {
    body: {
      template_ids: [POSTER_TEMPLATE.id],
      credits: CLAIM.credits,
      note: CLAIM.note,
      tutorial_pdf_url: CLAIM.tutorial_pdf.url,
    },
    response: {
      code: CLAIM.code,
      claim_url: CLAIM_URL,
      reply_text: texts.reply_text,
      product_copy: texts.product_copy,
      product_images: POSTER_TEMPLATE.sample_images,
      credits: CLAIM.credits,
      templates: claimTemplates,
      tutorial_pdf: CLAIM.tutorial_pdf,
      credits_balance_after: 12_536,
      note: CLAIM.note,
      ok: true,
    },
  },
  'GET /tenant-claims': {
    query: {
      state: 'redeemed',
    },
    response: {
      ok: true,
      claims: [
        {
          code: CLAIM.code,
          claim_url: CLAIM_URL,
          state: 'redeemed',
          credits: CLAIM.credits,
          note: CLAIM.note,
          templates: claimTemplates.map((t) => ({ ...t, id: POSTER_TEMPLATE.id })),
          tutorial_pdf: CLAIM.tutorial_pdf,
          reply_text: texts.reply_text,
          product_copy: texts.product_copy,
          redeemed_by: CLAIM.buyer,
          redeemed_at: at(-20 * MINUTE),
          disabled_at: null,
          created_at: CLAIM.created_at,
        },
      ],
      next_cursor: null,
    },
  },
  'GET /social-claims': {
    query: {
      code: CLAIM.code,
    },
    response: {
      ok: true,
      code: CLAIM.code,
      state: 'open',
      provider: TENANT_NAME,
      credits: CLAIM.credits,
      templates: [
        {
          slug: POSTER_TEMPLATE.slug,
          zh_name: POSTER_TEMPLATE.zh_name,
          type: POSTER_TEMPLATE.type,
          description: POSTER_TEMPLATE.description,
          sample_images: POSTER_TEMPLATE.sample_images,
          exclusive: false,
          fields: POSTER_FIELDS.map(({ key, label, type, required }) => ({ key, label, type, required })),
        },
      ],
      tutorial_pdf: CLAIM.tutorial_pdf,
      product_images: POSTER_TEMPLATE.sample_images,
    },
  },
  'POST /social-claims': {
    body: {
      code: CLAIM.code,
      nickname: CLAIM.buyer.nickname,
      email: CLAIM.buyer.email,
    },
    response: {
      ok: true,
      code: CLAIM.code,
      credits_granted: CLAIM.credits,
      templates: claimTemplates,
      tutorial_pdf: CLAIM.tutorial_pdf,
      account: {
        email: CLAIM.buyer.email,
        nickname: CLAIM.buyer.nickname,
        credits: CLAIM.credits,
        created: true,
      },
      sign_in: {
        url: `${SITE}/login`,
        email: CLAIM.buyer.email,
        password: 'Ar5TkTLtP11x',
        hint: '请妥善保存以下登录密码，它只显示这一次。登录后即可使用积分和模板生成图片。',
      },
      api_key: 'sk-studio-Owz6eUpLLkneejbPQmvxch6sThQyGMc7f1JAxJp5',
    },
  },
};
