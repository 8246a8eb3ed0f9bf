import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/rows';
import { articleFormats, templates, templateTypes, type Template } from '../../db/schema';
import type { FileStore } from '../../storage/store';
import type { Identity } from '../auth/identity';
import { AppError, badRequest, notFound } from '../errors';
import { isSupportedRatio } from '../jobs/sizes';
import { allOptional, httpUrl, slugSchema, trimmedText } from '../schemas';
import { absoluteUrl, canReadContent, canWrite, grantsOf, ownerOf, sourceOf, visibleTo, type TemplateSource, type WriterIdentity } from './access';
import { contractProblem, fieldsSchema } from './slots';

const slug = slugSchema;
const text = trimmedText;

const generationConfigSchema = z.strictObject({
  default_reference_images: z.array(httpUrl).max(16, 'at most 16 images').optional(),
});

/** The writable fields of a template; create requires some of them, update takes any subset. */
const writable = {
  zh_name: text(100).min(1, 'must not be empty'),
  description: text(500),
  category: text(50),
  domain: text(50),
  active: z.boolean(),
  gated: z.boolean(),
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 3:4, 9:16, 1:1, 4:3, 16:9').nullable(),
  sample_images: z.array(httpUrl).max(9, 'at most 9 sample images'),
  template_type: text(40).nullable(),
  prompt_template: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters'),
  fields: fieldsSchema,
  format: z.enum(articleFormats, `must be one of ${articleFormats.join(', ')}`).nullable(),
  generation_configs: z.array(generationConfigSchema).max(10, 'at most 10 generation configs'),
};

export const templateCreateSchema = z.strictObject({
  slug: slug.optional().meta({ description: 'Globally unique; generated when absent. Cannot be changed later.' }),
  type: z.enum(templateTypes, 'must be image or article'),
  ...writable,
  description: writable.description.optional(),
  category: writable.category.optional(),
  domain: writable.domain.optional(),
  active: writable.active.optional(),
  gated: writable.gated.optional(),
  ratio: writable.ratio.optional(),
  sample_images: writable.sample_images.optional(),
  template_type: writable.template_type.optional(),
  fields: writable.fields.optional(),
  format: writable.format.optional(),
  generation_configs: writable.generation_configs.optional(),
});
export type TemplateCreate = z.infer<typeof templateCreateSchema>;

export const templateUpdateSchema = z.strictObject({
  id: z.uuid('must be a template id (uuid)'),
  slug: slug.optional().meta({ description: 'Accepted only when unchanged' }),
  type: z.enum(templateTypes, 'must be image or article').optional().meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(writable),
});
export type TemplateUpdate = z.infer<typeof templateUpdateSchema>;

export interface TemplateView {
  id: string;
  slug: string;
  zh_name: string;
  description: string;
  category: string;
  domain: string;
  type: 'image' | 'article';
  tenant_id: string | null;
  visibility: 'private' | 'shared';
  active: boolean;
  gated: boolean;
  source: 'mine' | 'platform';
  /** True when the row is gated and the caller holds no claim for it: content fields are null. */
  locked: boolean;
  ratio: string | null;
  sample_images: string[];
  template_type: string | null;
  prompt_template: string | null;
  fields: Template['fields'] | null;
  format: Template['format'];
  generation_configs: Template['generationConfigs'] | null;
  created_at: string;
  updated_at: string;
}

export function templateView(config: Pick<Config, 'publicBaseUrl'>, who: Identity, row: Template, grants?: ReadonlySet<string>): TemplateView {
  const open = canReadContent(who, row, grants);
  return {
    id: row.id,
    slug: row.slug,
    zh_name: row.zhName,
    description: row.description,
    category: row.category,
    domain: row.domain,
    type: row.type,
    tenant_id: row.tenantId,
    visibility: row.visibility,
    active: row.active,
    gated: row.gated,
    source: sourceOf(row, who),
    locked: !open,
    ratio: row.ratio,
    sample_images: row.sampleImages.map((u) => absoluteUrl(config, u) ?? u),
    template_type: row.templateType,
    prompt_template: open ? row.promptTemplate : null,
    fields: open ? row.fields : null,
    format: row.format,
    generation_configs: open ? row.generationConfigs : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  db: Db,
  who: Identity,
  filter: { type?: 'image' | 'article' | undefined; source: TemplateSource; slug?: string | undefined },
): Promise<Template[]> {
  const conds: (SQL | undefined)[] = [visibleTo(who, templates, filter.source, { withGrants: true })];
  if (filter.type) conds.push(eq(templates.type, filter.type));
  if (filter.slug) conds.push(eq(templates.slug, filter.slug));
  return db
    .select()
    .from(templates)
    .where(and(...conds))
    .orderBy(sql`${templates.tenantId} is null`, asc(templates.type), desc(templates.createdAt), asc(templates.slug));
}

/** A template the caller can see, by id or slug; otherwise 404 (another tenant's rows do not exist for it). */
export async function findVisibleTemplate(db: Db, who: Identity, ref: string): Promise<Template> {
  const byId = z.uuid().safeParse(ref).success;
  const [row] = await db
    .select()
    .from(templates)
    .where(and(byId ? eq(templates.id, ref) : eq(templates.slug, ref), visibleTo(who, templates, 'all', { withGrants: true })));
  if (!row) throw notFound(`Template "${ref}"`);
  return row;
}

/** Only Studio's own files can be default reference images: the worker reads them from the store, never from the internet. */
async function checkDefaultImages(files: FileStore, owner: string | null, configs: TemplateCreate['generation_configs']): Promise<void> {
  for (const [i, c] of (configs ?? []).entries()) {
    for (const [j, url] of (c.default_reference_images ?? []).entries()) {
      const key = files.keyOf(url);
      const ownerOk = key !== null && (owner === null || key.startsWith(`${owner}/`));
      if (!ownerOk || (await files.size(key)) === null) {
        throw badRequest(
          `generation_configs[${i}].default_reference_images[${j}]: only files Studio serves for your tenant can be used (upload with POST /api/upload-ref, or use an earlier result); ${url} is not one`,
        );
      }
    }
  }
}

function checkShape(t: {
  type: 'image' | 'article';
  prompt_template: string;
  fields: Template['fields'];
  format: Template['format'];
  ratio: string | null;
  generation_configs: Template['generationConfigs'];
  template_type: string | null;
}): void {
  const problem = contractProblem(t.prompt_template, t.fields);
  if (problem) throw badRequest(problem);
  if (t.type === 'article') {
    if (!t.format) throw badRequest(`format: article templates need one of ${articleFormats.join(', ')}`);
    if (t.generation_configs.length > 0) throw badRequest('generation_configs: only image templates take generation configs');
    if (t.ratio !== null) throw badRequest('ratio: only image templates have a ratio');
    if (t.template_type !== null) throw badRequest('template_type: only image templates have a template_type');
  } else if (t.format) {
    throw badRequest('format: only article templates have a format');
  }
}

const newSlug = (type: string) => `${type === 'image' ? 'img' : 'art'}-${randomBytes(5).toString('hex')}`;

/**
 * Creates a template owned by the caller's tenant (`private`), or a platform template
 * (`shared`, no tenant) when the operator calls. A taken slug is 409 and never overwrites.
 */
export async function createTemplate(db: Db, files: FileStore, who: WriterIdentity, body: TemplateCreate): Promise<Template> {
  const owner = ownerOf(who);
  const shape = {
    type: body.type,
    prompt_template: body.prompt_template,
    fields: body.fields ?? [],
    format: body.format ?? null,
    ratio: body.ratio ?? null,
    generation_configs: body.generation_configs ?? [],
    template_type: body.template_type ?? null,
  };
  checkShape(shape);
  await checkDefaultImages(files, owner, shape.generation_configs);
  const slugValue = body.slug ?? newSlug(body.type);
  try {
    const [row] = await db
      .insert(templates)
      .values({
        slug: slugValue,
        tenantId: owner,
        type: body.type,
        zhName: body.zh_name,
        description: body.description ?? '',
        category: body.category ?? '',
        domain: body.domain ?? '',
        visibility: owner === null ? 'shared' : 'private',
        active: body.active ?? true,
        gated: body.gated ?? false,
        ratio: shape.ratio,
        sampleImages: body.sample_images ?? [],
        templateType: shape.template_type,
        promptTemplate: shape.prompt_template,
        fields: shape.fields,
        format: shape.format,
        generationConfigs: shape.generation_configs,
        origin: owner === null ? 'operator' : 'tenant',
      })
      .returning();
    if (!row) throw new AppError('INTERNAL', 'the template was not created');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', `The slug "${slugValue}" is already taken (slugs are unique across all tenants); choose another`);
    }
    throw err;
  }
}

/** Changes the given fields of a template the caller owns; `active: false` deactivates it. */
export async function updateTemplate(db: Db, files: FileStore, who: WriterIdentity, body: TemplateUpdate): Promise<Template> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(templates)
      .where(and(eq(templates.id, body.id), visibleTo(who, templates, 'all', { withGrants: true })))
      .for('update');
    if (!row) throw notFound(`Template "${body.id}"`);
    if (!canWrite(who, row)) {
      throw new AppError('FORBIDDEN', 'Platform templates are maintained by the platform; copy it into a template of your own to change it');
    }
    if (body.slug !== undefined && body.slug !== row.slug) throw badRequest('slug: a template keeps its slug; create a new template for a new slug');
    if (body.type !== undefined && body.type !== row.type) throw badRequest('type: a template keeps its type');
    const next = {
      type: row.type,
      prompt_template: body.prompt_template ?? row.promptTemplate,
      fields: body.fields ?? row.fields,
      format: body.format !== undefined ? body.format : row.format,
      ratio: body.ratio !== undefined ? body.ratio : row.ratio,
      generation_configs: body.generation_configs ?? row.generationConfigs,
      template_type: body.template_type !== undefined ? body.template_type : row.templateType,
    };
    checkShape(next);
    if (body.generation_configs) await checkDefaultImages(files, row.tenantId, body.generation_configs);
    const [updated] = await tx
      .update(templates)
      .set({
        zhName: body.zh_name ?? row.zhName,
        description: body.description ?? row.description,
        category: body.category ?? row.category,
        domain: body.domain ?? row.domain,
        active: body.active ?? row.active,
        gated: body.gated ?? row.gated,
        ratio: next.ratio,
        sampleImages: body.sample_images ?? row.sampleImages,
        templateType: next.template_type,
        promptTemplate: next.prompt_template,
        fields: next.fields,
        format: next.format,
        generationConfigs: next.generation_configs,
        origin: row.origin === 'catalog' ? 'operator' : row.origin,
        updatedAt: new Date(),
      })
      .where(eq(templates.id, row.id))
      .returning();
    if (!updated) throw new AppError('INTERNAL', 'the template was not updated');
    return updated;
  });
}

/**
 * A template ready to run: visible, active, readable by the caller and of the expected type.
 * Gated content the caller cannot read is 403 (it may redeem a claim code for it).
 */
export async function templateForUse(db: Db, who: Identity, ref: string, type: 'image' | 'article', field: string, grants?: ReadonlySet<string>): Promise<Template> {
  let row: Template;
  try {
    row = await findVisibleTemplate(db, who, ref);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      throw badRequest(`${field}: no template "${ref}"; GET /api/templates?type=${type} lists them`);
    }
    throw err;
  }
  if (row.type !== type) throw badRequest(`${field}: "${ref}" is an ${row.type} template, not an ${type} template`);
  if (!row.active) throw badRequest(`${field}: template "${row.slug}" is deactivated`);
  if (!canReadContent(who, row, grants ?? (row.gated ? await grantsOf(db, who) : undefined))) {
    throw new AppError('FORBIDDEN', `${field}: template "${row.slug}" is gated: its content comes with a claim code`);
  }
  return row;
}
