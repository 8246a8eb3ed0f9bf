import type { ClaimState } from '@/contracts/claims';
import { isUuid } from '@/contracts/common';
import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import { DEFAULT_TUTORIAL_TITLE, type ClaimCreate } from '@/contracts/claims';
import type { AdminActionBody } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { claimCodes, templates, tenants, type Template } from '@/server/db/schema';
import type { AdminIdentity, TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { moveCredits } from '@/server/domain/credits/ledger';
import { AppError, badRequest, declared, notFound, fieldError } from '@/server/errors';
import { absoluteUrl } from '@/server/domain/templates/access';
import { normaliseCode } from './claim-preview';
import { claimTexts, claimUrl, opensOnlyByCode, tutorialOf } from './claim-texts';

/** What creating a claim code answers besides the caller's and the body's refusals. */
export const CLAIM_CREATE_ERRORS = [
  declared(
    'BAD_REQUEST',
    '`template_ids` empty, unknown, deactivated or not usable by you, or `credits` not a positive whole number',
  ),
  declared(
    'CONFLICT',
    'Not enough tenant credits for this claim code (`reason: insufficient_credits`); add credits or lower the amount',
  ),
];

/** Crockford's base32 without look-alikes (CLAIM_CODE_PATTERN). */
const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 20;

export function newClaimCode(): string {
  let out = '';
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return out;
}

/** A new claim code as its creator sees it: the code, the texts ready to paste, and what it gives. */
export type ClaimView = Awaited<ReturnType<typeof createClaim>>;

/**
 * The templates a new claim code (or batch) names, in the order given: each the tenant's own or a
 * platform-shared one and active (else 400), with the seller's name for the texts.
 */
export async function claimTemplates(db: Db, tenantId: string, templateIds: string[]) {
  const ids = [...new Set(templateIds)];
  const invalid = ids.filter((id) => !isUuid(id));
  if (invalid.length) throw fieldError(['template_ids'], `"${invalid[0]}" is not a template id`);
  const rows = await db
    .select()
    .from(templates)
    .where(
      and(
        inArray(templates.id, ids),
        or(eq(templates.tenantId, tenantId), and(isNull(templates.tenantId), eq(templates.visibility, 'shared'))),
      ),
    );
  const found = new Set(rows.map((r) => r.id));
  const missing = ids.find((id) => !found.has(id));
  if (missing)
    throw fieldError(['template_ids'], `"${missing}" is neither your template nor a platform-shared template`);
  const inactive = rows.find((r) => !r.active);
  if (inactive) throw badRequest(`template_ids: "${inactive.slug}" is deactivated`);
  const ordered = ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is NonNullable<typeof r> => !!r);
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw notFound('Tenant');
  return { ordered, sellerName: tenant.name };
}

/** A tenant's own templates among a new code's become gated; platform templates stay as the platform set them. */
export async function gateOwnTemplates(tx: Db, tenantId: string, ordered: Pick<Template, 'id' | 'tenantId'>[]) {
  const own = ordered.filter((r) => r.tenantId === tenantId).map((r) => r.id);
  if (own.length)
    await tx.update(templates).set({ gated: true, updatedAt: new Date() }).where(inArray(templates.id, own));
}

interface CreateHooks {
  /** Runs inside the transaction after every write (tests use it to make the write fail). */
  afterWrite?: (tx: Db) => Promise<void>;
}

/**
 * Creates a claim code: validates the templates (the tenant's own or platform-shared), takes the
 * credits from the tenant pool (409 when short), stores the code and gates the tenant's own selected
 * templates, all in one transaction: if any write fails the credits are back (500).
 */
export async function createClaim(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  body: ClaimCreate,
  hooks: CreateHooks = {},
) {
  const tenantId = who.tenantId;
  const { ordered, sellerName } = await claimTemplates(db, tenantId, body.template_ids);
  const tutorialTitle = body.tutorial_pdf_url ? (body.tutorial_pdf_title ?? DEFAULT_TUTORIAL_TITLE) : null;
  const productImages = ordered.flatMap((r) => r.sampleImages.map((u) => absoluteUrl(config, u) ?? u)).slice(0, 9);

  for (let attempt = 0; ; attempt++) {
    const code = newClaimCode();
    const url = claimUrl(config, code);
    const texts = claimTexts({
      tenantName: sellerName,
      url,
      credits: body.credits,
      templates: ordered.map((r) => ({ name: r.zhName, exclusive: opensOnlyByCode(r, tenantId) })),
      tutorialTitle,
    });
    try {
      return await db.transaction(async (tx) => {
        const after = await moveCredits(tx, {
          tenantId,
          amount: -body.credits,
          kind: 'claim',
          ref: `claim:${code}`,
          note: body.note ?? null,
        });
        if (after === null) {
          const [t] = await tx.select({ credits: tenants.credits }).from(tenants).where(eq(tenants.id, tenantId));
          throw new AppError(
            'CONFLICT',
            `Not enough credits for this claim code: it needs ${body.credits}, the tenant has ${t?.credits ?? 0} allocatable. Add credits or lower the amount.`,
            { reason: 'insufficient_credits' },
          );
        }
        await tx.insert(claimCodes).values({
          code,
          tenantId,
          credits: body.credits,
          templateIds: ordered.map((r) => r.id),
          note: body.note ?? '',
          tutorialPdfUrl: body.tutorial_pdf_url ?? null,
          tutorialPdfTitle: tutorialTitle,
          productCopy: texts.product_copy,
          replyText: texts.reply_text,
          productImages,
        });
        await gateOwnTemplates(tx, tenantId, ordered);
        await hooks.afterWrite?.(tx);
        return {
          code,
          claim_url: url,
          reply_text: texts.reply_text,
          product_copy: texts.product_copy,
          product_images: productImages,
          credits: body.credits,
          templates: ordered.map((r) => ({ slug: r.slug, zh_name: r.zhName })),
          tutorial_pdf:
            tutorialTitle && body.tutorial_pdf_url ? { url: body.tutorial_pdf_url, title: tutorialTitle } : null,
          credits_balance_after: after,
          note: body.note ?? '',
        };
      });
    } catch (err) {
      // A code collision (about 1 in 2^100) draws a new code.
      if (isUniqueViolation(err) && attempt < 3) continue;
      if (err instanceof AppError) throw err;
      throw new AppError('INTERNAL', 'The claim code could not be stored; no credits were taken. Try again.', {
        cause: err,
      });
    }
  }
}

export interface ClaimListItem {
  code: string;
  claim_url: string;
  state: ClaimState;
  credits: number;
  note: string;
  templates: { id: string; slug: string; zh_name: string }[];
  tutorial_pdf: { url: string; title: string } | null;
  reply_text: string;
  product_copy: string;
  redeemed_by: { nickname: string; email: string } | null;
  redeemed_at: string | null;
  disabled_at: string | null;
  created_at: string;
}

/** A tenant's claim codes, newest first, with their state; `cursor` pages by creation time. */
export async function listClaims(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: TenantIdentity,
  opts: { state?: ClaimState | undefined; limit: number; cursor?: string | undefined },
): Promise<{ claims: ClaimListItem[]; next_cursor: string | null }> {
  const conds = [eq(claimCodes.tenantId, who.tenantId)];
  if (opts.state) conds.push(eq(claimCodes.state, opts.state));
  if (opts.cursor) {
    const at = new Date(opts.cursor);
    if (Number.isNaN(at.getTime())) throw fieldError(['cursor'], 'pass next_cursor from the previous page');
    conds.push(lt(claimCodes.createdAt, at));
  }
  const rows = await db
    .select()
    .from(claimCodes)
    .where(and(...conds))
    .orderBy(desc(claimCodes.createdAt))
    .limit(opts.limit + 1);
  const page = rows.slice(0, opts.limit);
  const ids = [...new Set(page.flatMap((r) => r.templateIds))];
  const names = ids.length
    ? await db
        .select({ id: templates.id, slug: templates.slug, zhName: templates.zhName })
        .from(templates)
        .where(inArray(templates.id, ids))
    : [];
  const byId = new Map(names.map((n) => [n.id, n]));
  return {
    claims: page.map((r) => ({
      code: r.code,
      claim_url: claimUrl(config, r.code),
      state: r.state,
      credits: r.credits,
      note: r.note,
      templates: r.templateIds
        .map((id) => byId.get(id))
        .filter((t): t is NonNullable<typeof t> => !!t)
        .map((t) => ({ id: t.id, slug: t.slug, zh_name: t.zhName })),
      tutorial_pdf: tutorialOf(r),
      reply_text: r.replyText,
      product_copy: r.productCopy,
      redeemed_by: r.redeemedAt ? { nickname: r.redeemedNickname ?? '', email: r.redeemedEmail ?? '' } : null,
      redeemed_at: r.redeemedAt?.toISOString() ?? null,
      disabled_at: r.disabledAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    })),
    next_cursor: rows.length > opts.limit ? (page.at(-1)?.createdAt.toISOString() ?? null) : null,
  };
}

/**
 * Operator: a disabled code can no longer be redeemed. An open code's credits go back to the
 * tenant's pool (a `claim` ledger row); a redeemed code stays with its buyer. Idempotent.
 */
export async function disableClaim(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'social-claim-disable'>,
): Promise<{ claim: { code: string; state: ClaimState; credits_returned: number } }> {
  const code = normaliseCode(input.code);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(claimCodes).where(eq(claimCodes.code, code)).for('update');
    if (!row) throw notFound(`Claim code "${code}"`);
    if (row.disabledAt) return { claim: { code, state: 'disabled' as const, credits_returned: 0 } };
    const wasOpen = row.state === 'open';
    await tx
      .update(claimCodes)
      .set({ state: wasOpen ? 'disabled' : row.state, disabledAt: new Date() })
      .where(eq(claimCodes.id, row.id));
    if (wasOpen) {
      await moveCredits(tx, {
        tenantId: row.tenantId,
        amount: row.credits,
        kind: 'claim',
        ref: `claim:${code}`,
        note: 'claim code disabled unredeemed',
      });
    }
    return {
      claim: { code, state: wasOpen ? ('disabled' as const) : row.state, credits_returned: wasOpen ? row.credits : 0 },
    };
  });
}
