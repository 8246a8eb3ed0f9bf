import { z } from 'zod';
import { claimStates } from '@/contracts/claims';
import { route } from '@/server/api/meta';
import { IDEMPOTENCY_KEY_ERROR } from '@/server/api/trpc';
import { CLAIM_BATCH_CREATE_ERRORS } from '@/server/domain/claims/batches';
import { notFoundError } from '@/server/errors';

const whole = z.number().int();

export const batchOut = z.object({
  id: z.string().meta({ description: 'Batch id' }),
  note: z.string().meta({ description: 'Your batch note, e.g. a shop order range; empty when none' }),
  credits: whole.meta({ description: 'Credits each code gives' }),
  count: whole.meta({ description: 'How many codes the batch made' }),
  templates: z
    .array(
      z.object({
        id: z.string().meta({ description: 'Template id' }),
        slug: z.string().meta({ description: 'Template slug' }),
        zh_name: z.string().meta({ description: 'Template display name' }),
        exclusive: z.boolean().meta({
          description: 'Opened by the code (your own, or a gated platform template); false: every account has it',
        }),
      }),
    )
    .meta({ description: 'The templates every code of the batch unlocks' }),
  product_copy: z.string().meta({ description: 'Listing text for the batch, starting with your tenant as provider' }),
  reply_text: z.string().meta({
    description: 'The message to each buyer, with `{领取链接}` where that buyer’s link goes (each code has its own)',
  }),
  counts: z
    .object({
      open: whole.meta({ description: 'Codes not yet redeemed' }),
      redeemed: whole.meta({ description: 'Codes redeemed' }),
      disabled: whole.meta({ description: 'Codes disabled before redemption' }),
    })
    .meta({ description: 'The codes of the batch by state' }),
  created_at: z.string().meta({ description: 'When it was made (ISO 8601)' }),
  disabled_at: z.string().nullable().meta({ description: 'When the operator disabled it; null unless disabled' }),
});

const batchId = z.object({
  id: z.uuid('must be a claim batch id (uuid)').meta({ description: 'The batch (uuid)' }),
});

export const createBatchOutput = z.object({
  ok: z.literal(true),
  batch: batchOut.meta({ description: 'The batch' }),
  codes: z.array(z.string()).meta({ description: 'The codes made; each link is {PUBLIC_BASE_URL}/claim/<code>' }),
  credits_balance_after: whole.meta({ description: "The tenant's allocatable credits after the batch" }),
});

export const createBatchMeta = route('POST /tenant-claim-batches', 'Claim codes', 'Create a batch of claim codes', {
  errors: [...CLAIM_BATCH_CREATE_ERRORS, IDEMPOTENCY_KEY_ERROR],
  limit: 'claim',
  description:
    '`count` (1-500) codes at once, each with the same `credits` and `template_ids` (as for one code), an ' +
    'optional `note` (e.g. a shop order range) and tutorial. `count` × `credits` is taken from your ' +
    'allocatable credits in the same transaction that stores every code: when short, 402 and nothing is ' +
    'made. Send `Idempotency-Key` to retry safely: the same body with the same key answers the same batch; ' +
    'another body with it is 409. Tenant key only.',
  requestHeaders: z.object({
    'idempotency-key': z
      .string()
      .max(255)
      .meta({ description: 'Any unique string: repeating the request with the same key answers the same batch' })
      .optional(),
  }),
});

export const listBatchesInput = z.object({
  limit: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1)
    .max(100)
    .default(20)
    .meta({ description: 'Batches per page, 1-100 (default 20)' }),
  cursor: z.string().max(64).meta({ description: 'next_cursor of the previous page' }).optional(),
});

export const listBatchesOutput = z.object({
  ok: z.literal(true),
  batches: z.array(batchOut).meta({ description: 'Your batches, newest first, with their codes counted by state' }),
  next_cursor: z.string().nullable().meta({ description: 'Pass as cursor for the next page; null on the last' }),
});

export const listBatchesMeta = route('GET /tenant-claim-batches', 'Claim codes', 'Your batches of claim codes', {
  description: 'Newest first, each with its codes counted by state; `limit` 1-100 (default 20), `cursor`.',
});

export const getBatchInput = batchId;

export const getBatchOutput = z.object({
  ok: z.literal(true),
  batch: batchOut.meta({ description: 'The batch' }),
  codes: z
    .array(
      z.object({
        code: z.string().meta({ description: 'The claim code' }),
        claim_url: z.string().meta({ description: 'The page where the buyer redeems it' }),
        state: z.enum(claimStates).meta({ description: '`open`, `redeemed` or `disabled`' }),
        reply_text: z.string().meta({ description: 'The message to the buyer of this code, with its link' }),
        redeemed_by: z
          .object({
            nickname: z.string().meta({ description: 'Nickname given at redemption' }),
            email: z.string().meta({ description: 'Email given at redemption' }),
          })
          .nullable()
          .meta({ description: 'Who redeemed it; null while not redeemed' }),
        redeemed_at: z.string().nullable().meta({ description: 'When it was redeemed (ISO 8601)' }),
      }),
    )
    .meta({ description: 'Every code of the batch' }),
});

export const getBatchMeta = route('GET /tenant-claim-batches/codes', 'Claim codes', 'The codes of one batch', {
  errors: [notFoundError('claim batch')],
  description:
    '`id`: the batch. Every code with its link, state, reply text and who redeemed it. Another tenant’s batch: 404.',
});

export const exportBatchOutput = z.object({
  ok: z.literal(true),
  filename: z.string().meta({ description: 'A file name for the export' }),
  content_type: z.literal('text/csv; charset=utf-8').meta({ description: 'The type to save `csv` as' }),
  csv: z.string().meta({
    description:
      'The file: a UTF-8 byte order mark (so Excel reads Chinese), then the columns code, link, credits, state, ' +
      'redeemed_by, redeemed_at (Asia/Shanghai), one CRLF-ended row per code',
  }),
});

export const exportBatchMeta = route('GET /tenant-claim-batches/csv', 'Claim codes', 'Export a batch as CSV', {
  errors: [notFoundError('claim batch')],
  description:
    '`id`: the batch. Answers the CSV text in `csv` (save it as `filename`): code, link, credits, state, ' +
    'redeemed by (nickname <email>) and redeemed at (Asia/Shanghai).',
});
