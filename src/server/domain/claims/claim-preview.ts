import type { FieldSpec } from '@/contracts/slots';
import { CLAIM_CODE_PATTERN } from '@/contracts/claims';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { claimCodes, templates, tenants, type ClaimCode } from '@/server/db/schema';
import type { Deps } from '@/server/domain/deps';
import { absoluteUrl } from '@/server/domain/templates/access';
import { notFound } from '@/server/errors';
import { opensOnlyByCode, tutorialOf } from './claim-texts';

/** A claim code as a buyer reaches it: found by what they type or paste, and what it gives. */

/** Codes are read case-insensitively and without surrounding spaces, as buyers type or paste them. */
export const normaliseCode = (code: string) => code.trim().toUpperCase();

export async function findClaim(db: Db, code: string): Promise<ClaimCode> {
  const clean = normaliseCode(code);
  if (!CLAIM_CODE_PATTERN.test(clean)) throw notFound('This claim code does not exist; check the link');
  const [row] = await db.select().from(claimCodes).where(eq(claimCodes.code, clean));
  if (!row) throw notFound('This claim code does not exist; check the link');
  return row;
}

export interface ClaimPreview {
  ok: true;
  code: string;
  state: 'open' | 'redeemed' | 'disabled';
  provider: string;
  credits: number;
  templates: {
    slug: string;
    zh_name: string;
    type: string;
    description: string;
    sample_images: string[];
    exclusive: boolean;
    /** The form a buyer fills, without the prompt, placeholders or defaults. */
    fields: Pick<FieldSpec, 'key' | 'label' | 'type' | 'required' | 'options' | 'min' | 'max' | 'integer'>[];
  }[];
  tutorial_pdf: { url: string; title: string } | null;
  product_images: string[];
}

/** Public: what a code gives, for the claim page. Unknown codes are 404; the state tells the rest. */
export async function previewClaim(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  input: { code: string },
): Promise<ClaimPreview> {
  const row = await findClaim(db, input.code);
  const [tenant] = await db.select({ name: tenants.name }).from(tenants).where(eq(tenants.id, row.tenantId));
  const rows = row.templateIds.length
    ? await db.select().from(templates).where(inArray(templates.id, row.templateIds))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    ok: true,
    code: row.code,
    state: row.disabledAt ? 'disabled' : row.state,
    provider: tenant?.name ?? '',
    credits: row.credits,
    templates: row.templateIds
      .map((id) => byId.get(id))
      .filter((t): t is NonNullable<typeof t> => !!t)
      .map((t) => ({
        slug: t.slug,
        zh_name: t.zhName,
        type: t.type,
        description: t.description,
        sample_images: t.sampleImages.map((u) => absoluteUrl(config, u) ?? u),
        exclusive: opensOnlyByCode(t, row.tenantId),
        fields: (t.fields ?? []).map(({ key, label, type, required, options, min, max, integer }) => ({
          key,
          label,
          type,
          required,
          options,
          min,
          max,
          integer,
        })),
      })),
    tutorial_pdf: tutorialOf(row),
    product_images: row.productImages,
  };
}
