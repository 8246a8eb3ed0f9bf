/**
 * The identity matrix: for every operation of /api/openapi.json, what each identity gets when it
 * aims at objects owned by tenant A or its member A1. `identity-matrix.test.ts` runs every row; an
 * operation of the API document without a row fails that test, so a new endpoint cannot ship
 * without deciding who may call it. The vocabulary is in `identity-matrix.rules.ts`; account
 * administration's rows in `identity-matrix.accounts.ts`, the rest of the API's here.
 */
import { ACCOUNT_ROWS } from './identity-matrix.accounts';
import {
  everyone,
  keyed,
  organisationOnly,
  scopedOwn,
  SEES,
  tenantOnly,
  type Fixture,
  type Row,
} from './identity-matrix.rules';

export * from './identity-matrix.rules';

const video = { generation_configs: [{ ratio: '9:16', duration: 5 }] };

export const MATRIX: Record<string, Row[]> = {
  ...ACCOUNT_ROWS,
  'POST /generate': [
    {
      name: "with A1's upload as reference",
      request: (f) => ({ body: { prompt: '借用别人的图', quality: 'low', reference_images: [f.a1.uploadUrl] } }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
    {
      name: "with A's private template",
      request: (f) => ({ body: { template_id: f.template.id, input: '春天', quality: 'low' } }),
      expect: keyed({ sameTenantMember: 200, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'POST /generate-batch': [
    {
      request: (f) => ({ body: { items: [{ prompt: '批量', quality: 'low', reference_images: [f.a1.uploadUrl] }] } }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'GET /jobs': [
    {
      name: "A1's job",
      request: (f) => ({ query: { id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
    { name: 'the list', request: () => ({ query: { limit: '100' } }), expect: scopedOwn },
  ],
  'GET /jobs/detail': [
    {
      name: "A1's job",
      request: (f) => ({ query: { id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'GET /article/history': [{ name: 'the list', request: () => ({ query: { limit: '50' } }), expect: scopedOwn }],
  'GET /article': [
    {
      name: "A1's article",
      request: (f) => ({ query: { id: f.a1.articleId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'POST /videos': [
    {
      name: "with A1's upload as first frame",
      request: (f) => ({ body: { prompt: '借用别人的首帧', images: [f.a1.uploadUrl] } }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
    {
      name: "with A's private video template",
      request: (f) => ({ body: { template_id: f.video.id, input: '春天' } }),
      expect: keyed({ sameTenantMember: 200, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'GET /videos': [
    {
      name: "A1's job",
      request: (f) => ({ query: { id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
    {
      name: 'the list',
      request: () => ({ query: { page_size: '100', 'filter.status': 'running' } }),
      expect: scopedOwn,
    },
  ],
  'DELETE /videos': [
    {
      name: "A1's job",
      request: (f) => ({ query: { id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'GET /available-models': [{ request: () => ({ query: { media_type: 'image' } }), expect: scopedOwn }],
  'GET /webhook-secret': [{ request: () => ({}), expect: tenantOnly }],
  'POST /webhook-secret': [{ request: () => ({ body: {} }), expect: tenantOnly }],
  'GET /webhook-deliveries': [{ request: (f) => ({ query: { job_id: f.a1.jobId } }), expect: tenantOnly }],
  'POST /webhook-deliveries/test': [
    {
      name: 'to the last callback_url (none yet: 400, and nothing is sent)',
      request: () => ({ body: {} }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'POST /webhook-deliveries/redeliver': [
    {
      name: "A1's job",
      request: (f) => ({ body: { job_id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'GET /skills': [
    {
      request: () => ({}),
      expect: keyed({ sameTenantMember: 200, otherTenantMember: 200, otherTenant: 200, buyer: 200, operator: 200 }),
    },
  ],
  'GET /templates': [
    {
      request: (f) => ({ query: { slug: f.template.slug } }),
      expect: keyed({ sameTenantMember: SEES, otherTenantMember: 200, otherTenant: 200, buyer: 200, operator: 200 }),
    },
  ],
  'POST /templates': [
    {
      request: () => ({ body: { type: 'image', zh_name: '矩阵模板', prompt_template: '一张{主题}的图' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 200, buyer: 200, operator: 200 }),
    },
  ],
  'PATCH /templates': [
    {
      request: (f) => ({ body: { id: f.template.id, zh_name: '改名' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 404 }),
    },
  ],
  'GET /video-templates': [
    {
      request: (f) => ({ query: { slug: f.video.slug } }),
      expect: keyed({ sameTenantMember: SEES, otherTenantMember: 200, otherTenant: 200, buyer: 200, operator: 200 }),
    },
  ],
  'POST /video-templates': [
    {
      request: () => ({ body: { zh_name: '矩阵视频', prompt_template: '一段{主题}的视频', ...video } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 200, buyer: 200, operator: 200 }),
    },
  ],
  'PATCH /video-templates': [
    {
      request: (f) => ({ body: { id: f.video.id, zh_name: '改名' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 404 }),
    },
  ],
  'GET /template-hooks': [
    {
      request: (f) => ({ query: { image_template_slug: f.template.slug } }),
      expect: keyed({ sameTenantMember: SEES, otherTenantMember: 200, otherTenant: 200, buyer: 200, operator: 403 }),
    },
  ],
  'POST /template-hooks': [
    {
      request: (f) => ({
        body: { image_template_slug: f.template.slug, hook_type: 'article', hook_template_slug: f.article.slug },
      }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'PATCH /template-hooks': [
    {
      request: (f) => ({ body: { id: f.hookId, note: '改了' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'DELETE /template-hooks': [
    {
      request: (f) => ({ query: { id: f.hookId } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'POST /article': [
    {
      request: (f) => ({ body: { template_slug: f.article.slug, input: '春季新品上市' } }),
      expect: keyed({ sameTenantMember: 200, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'POST /upload-ref/presign': [{ request: () => ({ body: { ext: 'png', size: 1000 } }), expect: scopedOwn }],
  'POST /upload-ref/commit': [
    {
      name: "A1's upload",
      request: (f) => ({ body: { key: f.a1.uploadKey } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'GET /uploads': [{ request: () => ({ query: { limit: '200' } }), expect: scopedOwn }],
  // Nobody but A1 and A's own key may delete A1's upload; to everyone else it does not exist.
  'DELETE /uploads': [
    {
      name: "A1's upload",
      request: (f) => ({ query: { key: f.a1.uploadKey } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'POST /upload-ref': [{ request: () => ({ multipart: true }), expect: scopedOwn }],
  'GET /tenant-usage': [{ request: () => ({}), expect: tenantOnly }],
  // Alerts: the thresholds are the tenant admin's; a member key lists only its own alerts.
  'GET /alert-settings': [{ request: () => ({}), expect: tenantOnly }],
  'PUT /alert-settings': [
    {
      name: 'a spend threshold on A1',
      request: (f) => ({
        body: {
          webhook_url: null,
          rules: [{ kind: 'spend_threshold', threshold: 10, period: 'day', account_id: f.a1.id }],
        },
      }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'GET /alerts': [{ request: () => ({}), expect: scopedOwn }],
  // The call log: a member sees its own calls, a tenant its own tenant's; A1's job is no one else's call.
  'GET /calls': [{ request: () => ({}), expect: scopedOwn }],
  'GET /calls/export': [{ request: () => ({}), expect: scopedOwn }],
  'GET /calls/detail': [
    {
      request: (f) => ({ query: { id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'GET /tenant-stats': [{ request: () => ({}), expect: tenantOnly }],
  'GET /tenant-usage/categories': [{ request: () => ({}), expect: tenantOnly }],
  // The sliced report: a tenant reads everyone's, a member only what it spent itself (its own rows, still 200).
  'GET /tenant-usage/report': [{ request: () => ({}), expect: scopedOwn }],
  'GET /tenant-usage/report/export': [{ request: () => ({}), expect: scopedOwn }],
  'POST /tenant-claims': [
    {
      name: "with A's template",
      request: (f) => ({ body: { template_ids: [f.template.id], credits: 1 } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 403, operator: 403 }),
    },
  ],
  'GET /tenant-claims': [{ request: () => ({}), expect: organisationOnly }],
  'POST /tenant-claim-batches': [
    {
      name: "with A's template",
      request: (f) => ({ body: { count: 1, template_ids: [f.template.id], credits: 1 } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 403, operator: 403 }),
    },
  ],
  'GET /tenant-claim-batches': [{ request: () => ({}), expect: organisationOnly }],
  // No batch has this id: the caller's own tenant and another answer the same 404.
  'GET /tenant-claim-batches/codes': [
    {
      request: () => ({ query: { id: '00000000-0000-4000-8000-000000000000' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 403, operator: 403 }),
    },
  ],
  'GET /tenant-claim-batches/csv': [
    {
      request: () => ({ query: { id: '00000000-0000-4000-8000-000000000000' } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 403, operator: 403 }),
    },
  ],
  // Public by URL: the claim code is the secret a buyer holds; keys are neither needed nor used.
  'GET /social-claims': [{ request: (f) => ({ query: { code: f.redeemedCode } }), expect: everyone(SEES) }],
  'POST /social-claims': [
    {
      request: (f) => ({ body: { code: f.redeemedCode, nickname: '又一个人', email: 'someone-else@example.cn' } }),
      expect: everyone(409),
    },
  ],
  'GET /jobs-stream': [{ request: () => ({ stream: true }), expect: scopedOwn }],
  ...Object.fromEntries(
    ['POST /chat/completions', 'POST /chat'].map((op) => [
      op,
      [
        {
          name: 'a question',
          request: () => ({
            body: { model: 'studio-auto', messages: [{ role: 'user', content: '你好' }], max_tokens: 30 },
          }),
          expect: scopedOwn,
        },
        {
          name: "with A1's upload as the image",
          request: (f: Fixture) => ({
            body: {
              model: 'studio-auto',
              messages: [
                {
                  role: 'user',
                  content: [
                    { type: 'text', text: '这张图里有什么？' },
                    { type: 'image_url', image_url: { url: f.a1.uploadUrl } },
                  ],
                },
              ],
            },
          }),
          expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
        },
      ],
    ]),
  ),
  'POST /reverse': [
    {
      name: "A1's upload",
      request: (f: Fixture) => ({ body: { image_url: f.a1.uploadUrl } }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'POST /image-to-template': [
    {
      name: "A1's upload",
      request: (f: Fixture) => ({ body: { image_url: f.a1.uploadUrl } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 400, buyer: 403, operator: 403 }),
    },
  ],
  'GET /image-to-template': [
    {
      name: "A1's job",
      request: (f: Fixture) => ({ query: { job_id: f.a1.jobId } }),
      expect: keyed({ sameTenantMember: 403, otherTenantMember: 403, otherTenant: 404, buyer: 403, operator: 403 }),
    },
  ],
  'POST /responses': [
    {
      name: 'a question',
      request: () => ({ body: { model: 'studio-auto', input: '你好', max_output_tokens: 30 } }),
      expect: scopedOwn,
    },
    {
      name: "continuing A1's stored response",
      request: (f: Fixture) => ({
        body: { model: 'studio-auto', input: '继续', previous_response_id: f.a1.responseId },
      }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'GET /responses/{id}': [
    {
      name: "A1's stored response",
      request: (f: Fixture) => ({ path: `/responses/${f.a1.responseId}` }),
      expect: keyed({ sameTenantMember: 404, otherTenantMember: 404, otherTenant: 404, buyer: 404, operator: 403 }),
    },
  ],
  'POST /images/generations': [
    {
      name: "with A's private template as the model",
      request: (f: Fixture) => ({ body: { model: `template:${f.template.slug}`, prompt: '春天', quality: 'low' } }),
      expect: keyed({ sameTenantMember: 200, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'POST /images/edits': [
    {
      name: "with A1's upload as the image",
      request: (f: Fixture) => ({ body: { prompt: '借用别人的图', images: [{ image_url: f.a1.uploadUrl }] } }),
      expect: keyed({ sameTenantMember: 400, otherTenantMember: 400, otherTenant: 400, buyer: 400, operator: 403 }),
    },
  ],
  'GET /models': [{ request: () => ({}), expect: scopedOwn }],
  'GET /models/{id}': [{ request: () => ({ path: '/models/studio-auto' }), expect: scopedOwn }],
};
