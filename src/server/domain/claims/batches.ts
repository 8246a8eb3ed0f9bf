/** Claim codes made in batches: many codes with the same credits and templates, listed and exported together. */
import { createHash } from 'node:crypto';
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm';
import { MAX_BALANCE } from '@/contracts/common';
import { DEFAULT_TUTORIAL_TITLE, LINK_PLACEHOLDER, type ClaimBatchCreate, type ClaimState } from '@/contracts/claims';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { claimBatches, claimCodes, templates, tenants, type ClaimBatch } from '@/server/db/schema';
import type { TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { moveCredits } from '@/server/domain/credits/ledger';
import { absoluteUrl } from '@/server/domain/templates/access';
import { AppError, declared, fieldError, notFound } from '@/server/errors';
import { batchCsv, shanghaiTime } from './batch-csv';
import { claimTexts, claimUrl, opensOnlyByCode } from './claim-texts';
import { claimTemplates, gateOwnTemplates, newClaimCode } from './claims';

/** What creating a batch answers besides the caller's and the body's refusals. */
export const CLAIM_BATCH_CREATE_ERRORS = [
  declared(
    'BAD_REQUEST',
    '`template_ids` empty, unknown, deactivated or not usable by you, `credits` not a positive whole number, or `count` not 1-500',
  ),
  declared(
    'PAYMENT_REQUIRED',
    'Not enough tenant credits for `count` × `credits` (`reason: insufficient_credits`); nothing was made',
  ),
  declared('CONFLICT', 'This Idempotency-Key was already used with a different request body; use a new key'),
];

export { LINK_PLACEHOLDER };

/**
 * The product copy and reply text of a batch: the same truthful texts as one code's (only templates
 * the code opens are 专属), with `{领取链接}` where each buyer's own link goes.
 */
export const batchTexts = (input: Omit<Parameters<typeof claimTexts>[0], 'url'>) =>
  claimTexts({ ...input, url: LINK_PLACEHOLDER });

export interface BatchCounts {
  open: number;
  redeemed: number;
  disabled: number;
}

export interface BatchView {
  id: string;
  note: string;
  credits: number;
  count: number;
  templates: { id: string; slug: string; zh_name: string; exclusive: boolean }[];
  product_copy: string;
  reply_text: string;
  counts: BatchCounts;
  created_at: string;
  disabled_at: string | null;
}

const hashOf = (body: ClaimBatchCreate) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/**
 * Makes `count` codes in one transaction: `count × credits` taken from the tenant pool at once (402
 * and nothing made when short), the batch row, every code and the gating of the tenant's own
 * templates. With an Idempotency-Key, the same request again answers the batch it made.
 */
export async function createClaimBatch(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  body: ClaimBatchCreate,
  request: { idempotencyKey: string | null },
): Promise<{ batch: BatchView; codes: string[]; credits_balance_after: number }> {
  const tenantId = who.tenantId;
  const hash = hashOf(body);
  const replay = request.idempotencyKey ? await findReplay(db, who, request.idempotencyKey, hash) : null;
  if (replay) return replay;

  const { ordered, sellerName } = await claimTemplates(db, tenantId, body.template_ids);
  const total = body.count * body.credits;
  const short = (has: number) =>
    new AppError(
      'PAYMENT_REQUIRED',
      `Not enough credits for this batch: ${body.count} codes × ${body.credits} credits need ${total}, ` +
        `the tenant has ${has} allocatable. Add credits, make fewer codes or lower the credits.`,
      { reason: 'insufficient_credits' },
    );
  const tutorialTitle = body.tutorial_pdf_url ? (body.tutorial_pdf_title ?? DEFAULT_TUTORIAL_TITLE) : null;
  const named = ordered.map((r) => ({ name: r.zhName, exclusive: opensOnlyByCode(r, tenantId) }));
  const textsFor = (url: string) =>
    claimTexts({ tenantName: sellerName, url, credits: body.credits, templates: named, tutorialTitle });
  const texts = batchTexts({ tenantName: sellerName, credits: body.credits, templates: named, tutorialTitle });
  const productImages = ordered.flatMap((r) => r.sampleImages.map((u) => absoluteUrl(config, u) ?? u)).slice(0, 9);

  if (total > MAX_BALANCE) throw short(await poolOf(db, tenantId));

  for (let attempt = 0; ; attempt++) {
    const codes = Array.from({ length: body.count }, newClaimCode);
    try {
      return await db.transaction(async (tx) => {
        const [batch] = await tx
          .insert(claimBatches)
          .values({
            tenantId,
            note: body.note ?? '',
            credits: body.credits,
            templateIds: ordered.map((r) => r.id),
            count: body.count,
            productCopy: texts.product_copy,
            replyText: texts.reply_text,
            idempotencyKey: request.idempotencyKey,
            requestHash: hash,
          })
          .returning();
        if (!batch) throw new AppError('INTERNAL', 'the batch was not stored');
        const after = await moveCredits(tx, {
          tenantId,
          amount: -total,
          kind: 'claim',
          ref: `claim-batch:${batch.id}`,
          note: body.note ?? null,
        });
        if (after === null) throw short(await poolOf(tx, tenantId));
        await tx.insert(claimCodes).values(
          codes.map((code) => {
            const own = textsFor(claimUrl(config, code));
            return {
              code,
              tenantId,
              batchId: batch.id,
              credits: body.credits,
              templateIds: batch.templateIds,
              note: batch.note,
              tutorialPdfUrl: body.tutorial_pdf_url ?? null,
              tutorialPdfTitle: tutorialTitle,
              productCopy: own.product_copy,
              replyText: own.reply_text,
              productImages,
            };
          }),
        );
        await gateOwnTemplates(tx, tenantId, ordered);
        const view = viewOf(batch, ordered, { open: body.count, redeemed: 0, disabled: 0 });
        return { batch: view, codes, credits_balance_after: after };
      });
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (isUniqueViolation(err)) {
        // The same key sent twice at once: the loser answers the winner's batch.
        const again = request.idempotencyKey ? await findReplay(db, who, request.idempotencyKey, hash) : null;
        if (again) return again;
        // A code collision (about 1 in 2^100 per code) draws new codes.
        if (attempt < 3) continue;
      }
      throw new AppError('INTERNAL', 'The batch could not be stored; no credits were taken. Try again.', {
        cause: err,
      });
    }
  }
}

async function poolOf(tx: Db, tenantId: string): Promise<number> {
  const [t] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
  return t?.credits ?? 0;
}

async function findReplay(db: Db, who: TenantIdentity, key: string, hash: string) {
  const [batch] = await db
    .select()
    .from(claimBatches)
    .where(and(eq(claimBatches.tenantId, who.tenantId), eq(claimBatches.idempotencyKey, key)));
  if (!batch) return null;
  if (batch.requestHash !== hash)
    throw new AppError(
      'CONFLICT',
      'This Idempotency-Key was already used with a different request body; use a new key',
    );
  const rows = await db
    .select({ code: claimCodes.code })
    .from(claimCodes)
    .where(eq(claimCodes.batchId, batch.id))
    .orderBy(claimCodes.code);
  const [view] = await viewsOf(db, [batch]);
  const [t] = await db.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, who.tenantId));
  if (!view) return null;
  return { batch: view, codes: rows.map((r) => r.code), credits_balance_after: t?.credits ?? 0 };
}

function viewOf(
  b: ClaimBatch,
  named: { id: string; slug: string; zhName: string; tenantId: string | null; gated: boolean }[],
  counts: BatchCounts,
): BatchView {
  const byId = new Map(named.map((t) => [t.id, t]));
  return {
    id: b.id,
    note: b.note,
    credits: b.credits,
    count: b.count,
    templates: b.templateIds
      .map((id) => byId.get(id))
      .filter((t): t is NonNullable<typeof t> => !!t)
      .map((t) => ({ id: t.id, slug: t.slug, zh_name: t.zhName, exclusive: opensOnlyByCode(t, b.tenantId) })),
    product_copy: b.productCopy,
    reply_text: b.replyText,
    counts,
    created_at: b.createdAt.toISOString(),
    disabled_at: b.disabledAt?.toISOString() ?? null,
  };
}

/** Batches with their templates and their codes counted by state (a disabled code counts as disabled). */
async function viewsOf(db: Db, batches: ClaimBatch[]): Promise<BatchView[]> {
  if (!batches.length) return [];
  const ids = batches.map((b) => b.id);
  const tally = await db
    .select({ batchId: claimCodes.batchId, state: claimCodes.state, n: count() })
    .from(claimCodes)
    .where(inArray(claimCodes.batchId, ids))
    .groupBy(claimCodes.batchId, claimCodes.state);
  const templateIds = [...new Set(batches.flatMap((b) => b.templateIds))];
  const named = templateIds.length
    ? await db
        .select({
          id: templates.id,
          slug: templates.slug,
          zhName: templates.zhName,
          tenantId: templates.tenantId,
          gated: templates.gated,
        })
        .from(templates)
        .where(inArray(templates.id, templateIds))
    : [];
  return batches.map((b) => {
    const counts: BatchCounts = { open: 0, redeemed: 0, disabled: 0 };
    for (const t of tally) if (t.batchId === b.id) counts[t.state] += t.n;
    return viewOf(b, named, counts);
  });
}

/** A tenant's batches, newest first; `cursor` pages by creation time. */
export async function listClaimBatches(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  opts: { limit: number; cursor?: string | undefined },
): Promise<{ batches: BatchView[]; next_cursor: string | null }> {
  const conds = [eq(claimBatches.tenantId, who.tenantId)];
  if (opts.cursor) {
    const at = new Date(opts.cursor);
    if (Number.isNaN(at.getTime())) throw fieldError(['cursor'], 'pass next_cursor from the previous page');
    conds.push(lt(claimBatches.createdAt, at));
  }
  const rows = await db
    .select()
    .from(claimBatches)
    .where(and(...conds))
    .orderBy(desc(claimBatches.createdAt))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  return {
    batches: await viewsOf(db, page),
    next_cursor: rows.length > opts.limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

/** One batch of the tenant (404 for another tenant's), with its counts. */
export async function findBatch(db: Db, tenantId: string, batchId: string): Promise<BatchView> {
  const [row] = await db
    .select()
    .from(claimBatches)
    .where(and(eq(claimBatches.id, batchId), eq(claimBatches.tenantId, tenantId)));
  const [view] = row ? await viewsOf(db, [row]) : [];
  if (!view) throw notFound('Claim batch');
  return view;
}

/** A batch's codes (all made in one statement, so ordered by code). */
export async function batchCodes(db: Db, tenantId: string, batchId: string) {
  const rows = await db
    .select()
    .from(claimCodes)
    .where(and(eq(claimCodes.batchId, batchId), eq(claimCodes.tenantId, tenantId)))
    .orderBy(claimCodes.code);
  return rows;
}

export interface BatchCode {
  code: string;
  claim_url: string;
  state: ClaimState;
  reply_text: string;
  redeemed_by: { nickname: string; email: string } | null;
  redeemed_at: string | null;
}

/** One batch of the tenant with every code of it: what the seller copies into the shop. */
export async function getClaimBatch(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  input: { id: string },
): Promise<{ batch: BatchView; codes: BatchCode[] }> {
  const batch = await findBatch(db, who.tenantId, input.id);
  const rows = await batchCodes(db, who.tenantId, input.id);
  return {
    batch,
    codes: rows.map((r) => ({
      code: r.code,
      claim_url: claimUrl(config, r.code),
      state: r.state,
      reply_text: r.replyText,
      redeemed_by: r.redeemedAt ? { nickname: r.redeemedNickname ?? '', email: r.redeemedEmail ?? '' } : null,
      redeemed_at: r.redeemedAt?.toISOString() ?? null,
    })),
  };
}

/** The batch as a CSV file (UTF-8 with a byte order mark; times in Asia/Shanghai). */
export async function exportClaimBatch(
  deps: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  input: { id: string },
): Promise<{ filename: string; content_type: string; csv: string }> {
  const { batch, codes } = await getClaimBatch(deps, who, input);
  const csv = batchCsv(
    codes.map((c) => ({
      code: c.code,
      link: c.claim_url,
      credits: batch.credits,
      state: c.state,
      redeemedBy: c.redeemed_by,
      redeemedAt: c.redeemed_at ? new Date(c.redeemed_at) : null,
    })),
  );
  const day = shanghaiTime(new Date(batch.created_at)).slice(0, 10);
  return { filename: `claim-codes-${day}-${batch.id.slice(0, 8)}.csv`, content_type: 'text/csv; charset=utf-8', csv };
}
