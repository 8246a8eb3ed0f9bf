import { batchCsv } from '@/server/domain/claims/batch-csv';
import { batchTexts } from '@/server/domain/claims/batches';
import { at, HOUR, MINUTE, POSTER_TEMPLATE, SITE, TENANT_NAME } from './common';
import type { OperationExample } from './types';

/** Three codes of 200 credits for a shop's orders of one morning; one redeemed since. */
const BATCH_ID = '8c2f4e6a-1b3d-4f5e-9a7c-0d2e4f6a8b1c';
const CODES = ['K7QH2M9XR4TB6WNP3ZDC', 'P3ZN8V5TQ1HJ7RXW2MBK', 'W9DF4K2NB7ZT3QHM6RXP'];
const NOTE = '淘宝订单 3861207801-3861207803';
const CREDITS = 200;
const created = at(-2 * HOUR);
const link = (code: string) => `${SITE}/claim/${code}`;
const texts = batchTexts({
  tenantName: TENANT_NAME,
  credits: CREDITS,
  // The festival poster is a platform template: the texts name it as one, not as 专属.
  templates: [{ name: POSTER_TEMPLATE.zh_name, exclusive: false }],
  tutorialTitle: null,
});
const BUYER = { nickname: '茶友阿青', email: 'aqing@example.com' };
const redeemedAt = at(-30 * MINUTE);

const batch = (open: number, redeemed: number) => ({
  id: BATCH_ID,
  note: NOTE,
  credits: CREDITS,
  count: CODES.length,
  templates: [
    { id: POSTER_TEMPLATE.id, slug: POSTER_TEMPLATE.slug, zh_name: POSTER_TEMPLATE.zh_name, exclusive: false },
  ],
  product_copy: texts.product_copy,
  reply_text: texts.reply_text,
  counts: { open, redeemed, disabled: 0 },
  created_at: created,
  disabled_at: null,
});

/** Worked examples of claim code batches: made, listed, opened, exported. */
export const claimBatchesExamples: Record<string, OperationExample> = {
  'POST /tenant-claim-batches': {
    headers: { 'Idempotency-Key': 'order-3861207801-3861207803' },
    body: { count: CODES.length, credits: CREDITS, template_ids: [POSTER_TEMPLATE.id], note: NOTE },
    response: { ok: true, batch: batch(3, 0), codes: CODES, credits_balance_after: 11_880 },
  },
  'GET /tenant-claim-batches': {
    query: { limit: 20 },
    response: { ok: true, batches: [batch(2, 1)], next_cursor: null },
  },
  'GET /tenant-claim-batches/codes': {
    query: { id: BATCH_ID },
    response: {
      ok: true,
      batch: batch(2, 1),
      codes: CODES.map((code, i) => ({
        code,
        claim_url: link(code),
        state: i === 0 ? 'redeemed' : 'open',
        reply_text: texts.reply_text.replace('{领取链接}', link(code)),
        redeemed_by: i === 0 ? BUYER : null,
        redeemed_at: i === 0 ? redeemedAt : null,
      })),
    },
  },
  'GET /tenant-claim-batches/csv': {
    query: { id: BATCH_ID },
    response: {
      ok: true,
      filename: `claim-codes-2026-11-24-${BATCH_ID.slice(0, 8)}.csv`,
      content_type: 'text/csv; charset=utf-8',
      csv: batchCsv(
        CODES.map((code, i) => ({
          code,
          link: link(code),
          credits: CREDITS,
          state: i === 0 ? 'redeemed' : 'open',
          redeemedBy: i === 0 ? BUYER : null,
          redeemedAt: i === 0 ? new Date(redeemedAt) : null,
        })),
      ),
    },
  },
};
