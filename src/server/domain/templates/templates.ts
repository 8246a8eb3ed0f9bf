import { articleFormats, type TemplateSource } from '@/contracts/templates';
import { isUuid } from '@/contracts/common';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TemplateCreate, TemplateUpdate } from '@/contracts/templates';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { templates, tenants, type Template } from '@/server/db/schema';
import type { FileStore } from '@/server/storage/store';
import type { Identity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, fieldError, notFound, pathText, type FieldIssue } from '@/server/errors';
import { absoluteUrl, canReadContent, grantsOf, ownerOf, visibleTo, type WriterIdentity } from './access';
import { contractProblem } from '@/contracts/slots';
import { changedColumns, commonView, insertWithSlug, newRowColumns, writableRow } from './store';

/** A template of the image and article store as callers see it. */
export type TemplateView = ReturnType<typeof templateView>;

function templateView(
  config: Pick<Config, 'publicBaseUrl'>,
  who: Identity,
  row: Template,
  grants?: ReadonlySet<string>,
  ownerName?: string | null,
) {
  const { open, view } = commonView(who, row, grants, ownerName);
  return {
    ...view,
    domain: row.domain,
    type: row.type,
    ratio: row.ratio,
    sample_images: row.sampleImages.map((u) => absoluteUrl(config, u) ?? u),
    template_type: row.templateType,
    format: row.format,
    generation_configs: open ? row.generationConfigs : null,
  };
}

/** The image and article templates the caller can see, gated content hidden unless it holds a grant. */
export async function listTemplates(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: Identity,
  filter: { type?: 'image' | 'article' | undefined; source: TemplateSource; slug?: string | undefined },
): Promise<{ templates: TemplateView[] }> {
  const conds: (SQL | undefined)[] = [visibleTo(who, templates, filter.source, { withGrants: true })];
  if (filter.type) conds.push(eq(templates.type, filter.type));
  if (filter.slug) conds.push(eq(templates.slug, filter.slug));
  const [rows, grants] = await Promise.all([
    db
      .select({ row: templates, ownerName: tenants.name })
      .from(templates)
      .leftJoin(tenants, eq(tenants.id, templates.tenantId))
      .where(and(...conds))
      .orderBy(sql`${templates.tenantId} is null`, asc(templates.type), desc(templates.createdAt), asc(templates.slug)),
    grantsOf(db, who),
  ]);
  return { templates: rows.map((r) => templateView(config, who, r.row, grants, r.ownerName)) };
}

/** A template the caller can see, by id or slug; otherwise 404 (another tenant's rows do not exist for it). */
export async function findVisibleTemplate(db: Db, who: Identity, ref: string): Promise<Template> {
  const byId = isUuid(ref);
  const [row] = await db
    .select()
    .from(templates)
    .where(
      and(
        byId ? eq(templates.id, ref) : eq(templates.slug, ref),
        visibleTo(who, templates, 'all', { withGrants: true }),
      ),
    );
  if (!row) throw notFound(`Template "${ref}"`);
  return row;
}

/** Only Studio's own files can be default reference images: the worker reads them from the store, never from the internet. */
async function checkDefaultImages(
  files: FileStore,
  owner: string | null,
  configs: TemplateCreate['generation_configs'],
): Promise<void> {
  for (const [i, c] of (configs ?? []).entries()) {
    for (const [j, url] of (c.default_reference_images ?? []).entries()) {
      const key = files.keyOf(url);
      const ownerOk = key !== null && (owner === null || key.startsWith(`${owner}/`));
      if (!ownerOk || (await files.size(key)) === null) {
        throw badRequest(
          `generation_configs[${i}].default_reference_images[${j}]: only files Studio serves for your tenant ` +
            `can be used (upload with POST /api/upload-ref, or use an earlier result); ${url} is not one`,
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
    if (!t.format) throw fieldError(['format'], `article templates need one of ${articleFormats.join(', ')}`);
    if (t.generation_configs.length > 0)
      throw fieldError(['generation_configs'], 'only image templates take generation configs');
    if (t.ratio !== null) throw fieldError(['ratio'], 'only image templates have a ratio');
    if (t.template_type !== null) throw fieldError(['template_type'], 'only image templates have a template_type');
  } else if (t.format) {
    throw fieldError(['format'], 'only article templates have a format');
  }
}

const newSlug = (type: string) => `${type === 'image' ? 'img' : 'art'}-${randomBytes(5).toString('hex')}`;

/**
 * Creates a template owned by the caller's tenant (`private`), or a platform template
 * (`shared`, no tenant) when the operator calls. A taken slug is 409 and never overwrites.
 */
export async function createTemplate(
  { db, config, files }: Pick<Deps, 'db' | 'config' | 'files'>,
  who: WriterIdentity,
  body: TemplateCreate,
): Promise<{ template: TemplateView }> {
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
  const slug = body.slug ?? newSlug(body.type);
  const row = await insertWithSlug(slug, 'template', async () => {
    const [inserted] = await db
      .insert(templates)
      .values({
        ...newRowColumns(who, body),
        slug,
        type: body.type,
        domain: body.domain ?? '',
        ratio: shape.ratio,
        sampleImages: body.sample_images ?? [],
        templateType: shape.template_type,
        promptTemplate: shape.prompt_template,
        fields: shape.fields,
        format: shape.format,
        generationConfigs: shape.generation_configs,
      })
      .returning();
    return inserted;
  });
  return { template: templateView(config, who, row) };
}

/** Changes the given fields of a template the caller owns; `active: false` deactivates it. */
export async function updateTemplate(
  { db, config, files }: Pick<Deps, 'db' | 'config' | 'files'>,
  who: WriterIdentity,
  body: TemplateUpdate,
): Promise<{ template: TemplateView }> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(templates)
      .where(and(eq(templates.id, body.id), visibleTo(who, templates, 'all', { withGrants: true })))
      .for('update');
    const row = writableRow(
      who,
      found,
      `Template "${body.id}"`,
      'Platform templates are maintained by the platform; copy it into a template of your own to change it',
    );
    if (body.slug !== undefined && body.slug !== row.slug)
      throw fieldError(['slug'], 'a template keeps its slug; create a new template for a new slug');
    if (body.type !== undefined && body.type !== row.type) throw fieldError(['type'], 'a template keeps its type');
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
        ...changedColumns(body, row),
        domain: body.domain ?? row.domain,
        ratio: next.ratio,
        sampleImages: body.sample_images ?? row.sampleImages,
        templateType: next.template_type,
        promptTemplate: next.prompt_template,
        fields: next.fields,
        format: next.format,
        generationConfigs: next.generation_configs,
      })
      .where(eq(templates.id, row.id))
      .returning();
    if (!updated) throw new AppError('INTERNAL', 'the template was not updated');
    return updated;
  });
  return { template: templateView(config, who, row) };
}

/**
 * A template ready to run: visible, active, readable by the caller and of the expected type.
 * Gated content the caller cannot read is 403 (it may redeem a claim code for it).
 */
export async function templateForUse(
  db: Db,
  who: Identity,
  ref: string,
  type: 'image' | 'article',
  field: FieldIssue['path'],
  grants?: ReadonlySet<string>,
): Promise<Template> {
  let row: Template;
  try {
    row = await findVisibleTemplate(db, who, ref);
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') {
      throw fieldError(field, `no template "${ref}"; GET /api/templates?type=${type} lists them`);
    }
    throw err;
  }
  if (row.type !== type) throw fieldError(field, `"${ref}" is an ${row.type} template, not an ${type} template`);
  if (!row.active) throw fieldError(field, `template "${row.slug}" is deactivated`);
  if (!canReadContent(who, row, grants ?? (row.gated ? await grantsOf(db, who) : undefined))) {
    throw new AppError(
      'FORBIDDEN',
      `${pathText(field)}: template "${row.slug}" is gated: its content comes with a claim code`,
    );
  }
  return row;
}
