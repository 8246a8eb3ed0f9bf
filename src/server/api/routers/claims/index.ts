import { z } from 'zod';
import { claimStates } from '../../../db/schema';
import { claimCreateSchema, createClaim, listClaims, previewClaim, redeemClaim, redeemSchema } from '../../../domain/claims/claims';
import { organizationProcedure, publicProcedure, router } from '../../trpc';

const templateRef = z.object({ slug: z.string(), zh_name: z.string() });
const tutorial = z.object({ url: z.string(), title: z.string() }).nullable();

export const claimOut = z.object({
  code: z.string().meta({ description: '20 characters, unguessable' }),
  claim_url: z.string().meta({ description: '{PUBLIC_BASE_URL}/claim/<code>' }),
  reply_text: z.string().meta({ description: 'A message ready to paste to the buyer' }),
  product_copy: z.string().meta({ description: 'Listing text, starting with the tenant named as provider' }),
  product_images: z.array(z.string()),
  credits: z.number().int(),
  templates: z.array(templateRef),
  tutorial_pdf: tutorial,
  credits_balance_after: z.number().int().meta({ description: "The tenant's allocatable credits after this claim" }),
  note: z.string(),
});

export const createClaimProcedure = organizationProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/tenant-claims',
      tags: ['Claim codes'],
      summary: 'Create a claim code',
      description:
        '`template_ids` (at least one; each your own or a platform-shared template, else 400), `credits` (positive whole number, taken from your allocatable credits at once; not enough: 409), optional `note`, `tutorial_pdf_url`, `tutorial_pdf_title` (default “AI生图核心技巧（教程PDF）”). Your own selected templates become gated. Everything happens in one transaction: if storing fails (500) no credits are taken. Tenant key only.',
      protect: true,
    },
  })
  .input(claimCreateSchema)
  .output(claimOut.extend({ ok: z.literal(true) }))
  .mutation(async ({ ctx, input }) => ({ ok: true as const, ...(await createClaim(ctx.db, ctx.config, ctx.identity.tenantId, input)) }));

export const listClaimsProcedure = organizationProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/tenant-claims',
      tags: ['Claim codes'],
      summary: 'Your claim codes and their state',
      description: 'Newest first; `state` filter (`open`, `redeemed`, `disabled`), `limit` 1-100 (default 20), `cursor` = `next_cursor` of the previous page. Redeemed codes show who redeemed them and when.',
      protect: true,
    },
  })
  .input(
    z.object({
      state: z.enum(claimStates, 'must be open, redeemed or disabled').optional(),
      limit: z.coerce.number().int().min(1).max(100).default(20),
      cursor: z.string().max(64).optional(),
    }),
  )
  .output(
    z.object({
      ok: z.literal(true),
      claims: z.array(
        z.object({
          code: z.string(),
          claim_url: z.string(),
          state: z.enum(claimStates),
          credits: z.number().int(),
          note: z.string(),
          templates: z.array(templateRef.extend({ id: z.string() })),
          tutorial_pdf: tutorial,
          reply_text: z.string(),
          product_copy: z.string(),
          redeemed_by: z.object({ nickname: z.string(), email: z.string() }).nullable(),
          redeemed_at: z.string().nullable(),
          disabled_at: z.string().nullable(),
          created_at: z.string(),
        }),
      ),
      next_cursor: z.string().nullable(),
    }),
  )
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listClaims(ctx.db, ctx.config, ctx.identity.tenantId, input)) }));

export const previewClaimProcedure = publicProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/social-claims',
      tags: ['Claim codes'],
      summary: 'Preview a claim code (no key)',
      description: 'What the code gives: provider, credits, templates (names, descriptions, samples), tutorial. `state` is `open`, `redeemed` or `disabled`. Unknown code: 404.',
    },
  })
  .input(z.object({ code: z.string().min(1, 'give the code').max(64) }))
  .output(
    z.object({
      ok: z.literal(true),
      code: z.string(),
      state: z.enum(claimStates),
      provider: z.string(),
      credits: z.number().int(),
      templates: z.array(z.object({ slug: z.string(), zh_name: z.string(), type: z.string(), description: z.string(), sample_images: z.array(z.string()) })),
      tutorial_pdf: tutorial,
      product_images: z.array(z.string()),
    }),
  )
  .query(({ ctx, input }) => previewClaim(ctx.db, ctx.config, input.code));

export const redeemClaimProcedure = publicProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/social-claims',
      tags: ['Claim codes'],
      summary: 'Redeem a claim code (no key)',
      description:
        'Body `{code, nickname, email}`. Opens a platform account for the email (or tops up the one it already has), grants the credits and unlocks the templates. Answers how to sign in: the console address, the email and, for a new account, a password shown only this once, plus an API key. Unknown code: 404; already redeemed or disabled: 409. Concurrent redemptions: exactly one wins. Send `Idempotency-Key` to retry safely: the winning request repeated with the same key answers the same.',
      requestHeaders: z.object({ 'idempotency-key': z.string().max(200).optional() }),
    },
  })
  .input(redeemSchema)
  .output(
    z.object({
      ok: z.literal(true),
      code: z.string(),
      credits_granted: z.number().int(),
      templates: z.array(templateRef),
      tutorial_pdf: tutorial,
      account: z.object({ email: z.string(), nickname: z.string(), credits: z.number().int(), created: z.boolean() }),
      sign_in: z.object({ url: z.string(), email: z.string(), password: z.string().nullable(), hint: z.string() }),
      api_key: z.string().nullable(),
    }),
  )
  .mutation(({ ctx, input }) => redeemClaim(ctx.db, ctx.config, input, ctx.headers.get('idempotency-key')));

export const claimsRouter = router({
  create: createClaimProcedure,
  list: listClaimsProcedure,
  preview: previewClaimProcedure,
  redeem: redeemClaimProcedure,
});
