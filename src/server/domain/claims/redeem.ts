/** Redemption of a claim code by a buyer (the public claim page and `POST /api/social-claims`). */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RedeemBody } from '@/contracts/claims';
import { isUniqueViolation } from '@/server/db/rows';
import type { Db } from '@/server/db/client';
import { claimCodes, consoleUsers, templateGrants, templates, tenants, type ClaimCode } from '@/server/db/schema';
import { issueKey } from '@/server/domain/auth/api-keys';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import { hashPassword } from '@/server/domain/auth/passwords';
import { newWebhookSecret } from '@/server/domain/callbacks/secret';
import { moveCredits } from '@/server/domain/credits/ledger';
import type { Deps } from '@/server/domain/deps';
import { AppError, declared, notFoundError } from '@/server/errors';
import { findClaim } from './claim-preview';
import { tutorialOf } from './claim-texts';

/** What redeeming a claim code answers besides the body's refusals. */
export const CLAIM_REDEEM_ERRORS = [
  notFoundError('claim code'),
  declared(
    'CONFLICT',
    'The code was already redeemed or disabled, or the email cannot hold a platform account (or was just used to open one)',
  ),
];

export interface RedeemAnswer {
  ok: true;
  code: string;
  credits_granted: number;
  templates: { slug: string; zh_name: string }[];
  tutorial_pdf: { url: string; title: string } | null;
  /**
   * The account the benefits went to. Its nickname and balance only when this redemption opened it:
   * an existing account's figures are its owner's, not shown to whoever typed its email.
   */
  account: { email: string; nickname: string | null; credits: number | null; created: boolean };
  /**
   * How to sign in. `password` is set only when this redemption opened the account without a chosen
   * password: it is generated and shown once. A chosen password is never echoed.
   */
  sign_in: { url: string; email: string; password: string | null; hint: string };
  /** The account's API key, for programs; only when the account was opened now. */
  api_key: string | null;
}

/**
 * Public: redeems a code once. In one transaction: the code moves from open to redeemed (a guarded
 * update, so of concurrent redemptions exactly one wins), the buyer's platform account is opened (or
 * found by email), the credits are granted to it and the gated templates unlocked for it.
 * With an Idempotency-Key, repeating the winning request answers the same.
 */
export async function redeemClaim(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  body: RedeemBody,
  request: { idempotencyKey: string | null },
): Promise<RedeemAnswer> {
  const { idempotencyKey } = request;
  const email = body.email.trim().toLowerCase();
  const row = await findClaim(db, body.code);
  if (row.disabledAt)
    throw new AppError(
      'CONFLICT',
      'This claim code has been disabled and can no longer be redeemed; contact the seller',
    );
  if (row.state === 'redeemed') {
    if (
      idempotencyKey &&
      row.redeemKey === idempotencyKey &&
      row.redeemedEmail === email &&
      row.redeemAnswerCiphertext
    ) {
      return JSON.parse(decryptSecret(row.redeemAnswerCiphertext, config.secret)) as RedeemAnswer;
    }
    throw new AppError('CONFLICT', 'This claim code has already been redeemed; each code can be used once');
  }

  const [existing] = await db
    .select()
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email));
  if (existing && existing.kind !== 'platform_account') {
    // Worded to confirm nothing about the address: not that it exists, nor what kind of login it is.
    throw new AppError('CONFLICT', 'This email cannot receive a claim code; redeem with another email address');
  }
  // A new account takes the password the buyer chose; without one (API callers) it gets a generated one, shown once.
  const chosen = existing ? undefined : body.password;
  const password = existing || chosen ? null : randomBytes(9).toString('base64url');
  const passwordHash = existing ? null : await hashPassword(chosen ?? password ?? '');

  try {
    return await db.transaction(async (tx) => {
      const [won] = await tx
        .update(claimCodes)
        .set({
          state: 'redeemed',
          redeemedEmail: email,
          redeemedNickname: body.nickname,
          redeemedAt: new Date(),
          redeemKey: idempotencyKey,
        })
        .where(and(eq(claimCodes.id, row.id), eq(claimCodes.state, 'open'), isNull(claimCodes.disabledAt)))
        .returning();
      if (!won) throw new AppError('CONFLICT', 'This claim code has already been redeemed; each code can be used once');

      let accountTenantId: string;
      let apiKey: string | null = null;
      if (existing?.tenantId) {
        accountTenantId = existing.tenantId;
      } else {
        const [personal] = await tx
          .insert(tenants)
          .values({
            name: body.nickname,
            kind: 'personal',
            credits: 0,
            webhookSecretCiphertext: encryptSecret(newWebhookSecret(), config.secret),
          })
          .returning({ id: tenants.id });
        if (!personal || !passwordHash) throw new AppError('INTERNAL', 'the platform account was not opened');
        accountTenantId = personal.id;
        await tx.insert(consoleUsers).values({ kind: 'platform_account', tenantId: personal.id, email, passwordHash });
        apiKey = await issueKey(tx, config.secret, personal.id, null);
      }
      const { balance, names } = await grantClaim(tx, row, accountTenantId);
      const answer: RedeemAnswer = {
        ok: true,
        code: row.code,
        credits_granted: row.credits,
        templates: names,
        tutorial_pdf: tutorialOf(row),
        account: existing
          ? { email, nickname: null, credits: null, created: false }
          : { email, nickname: body.nickname, credits: balance ?? row.credits, created: true },
        sign_in: {
          url: `${config.publicBaseUrl}/login`,
          email,
          password,
          hint: existing
            ? '权益已加入该邮箱已有的账户，请用该账户原来的密码登录。'
            : chosen
              ? '请用该邮箱和您设置的密码登录，即可使用积分和模板生成图片。'
              : '请妥善保存以下登录密码，它只显示这一次。登录后即可使用积分和模板生成图片。',
        },
        api_key: apiKey,
      };
      await tx
        .update(claimCodes)
        .set({
          redeemedTenantId: accountTenantId,
          redeemAnswerCiphertext: encryptSecret(JSON.stringify(answer), config.secret),
        })
        .where(eq(claimCodes.id, row.id));
      return answer;
    });
  } catch (err) {
    // Two first redemptions with one new email: the loser's account insert collides; say it plainly.
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'This email was just used to open an account; try again');
    throw err;
  }
}

/**
 * What a won redemption gives, inside its transaction: the credits into the buyer's personal tenant
 * and the code's templates opened to it. Answers the new balance and the templates, in the code's order.
 */
export async function grantClaim(tx: Db, row: ClaimCode, accountTenantId: string) {
  const balance = await moveCredits(tx, {
    tenantId: accountTenantId,
    amount: row.credits,
    kind: 'claim',
    ref: `claim:${row.code}`,
    note: 'claim code redeemed',
  });
  if (row.templateIds.length) {
    await tx
      .insert(templateGrants)
      .values(row.templateIds.map((templateId) => ({ tenantId: accountTenantId, templateId, claimId: row.id })))
      .onConflictDoNothing();
  }
  const found = row.templateIds.length
    ? await tx
        .select({ id: templates.id, slug: templates.slug, zhName: templates.zhName })
        .from(templates)
        .where(inArray(templates.id, row.templateIds))
    : [];
  const names = row.templateIds
    .map((id) => found.find((n) => n.id === id))
    .filter((n): n is NonNullable<typeof n> => !!n)
    .map((n) => ({ slug: n.slug, zh_name: n.zhName }));
  return { balance, names };
}
