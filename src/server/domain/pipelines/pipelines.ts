import type { HookType } from '@/contracts/pipelines';
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PipelineBind, PipelineUpdate } from '@/contracts/pipelines';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { templateHooks, templates, type TemplateHook } from '@/server/db/schema';
import type { ScopedIdentity, TenantIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, declared, notFound, notFoundError, fieldError } from '@/server/errors';
import { visibleTo } from '@/server/domain/templates/access';
import { videoTemplateVisible } from '@/server/domain/templates/video-templates';

/** What binding or changing a hook answers besides the caller's and the body's refusals. */
export const PIPELINE_BIND_ERRORS = [
  notFoundError('hook or template'),
  declared('CONFLICT', 'Another hook already binds this image template and type'),
];

export interface PipelineView {
  id: string;
  image_template_slug: string;
  hook_type: HookType;
  hook_template_slug: string;
  enabled: boolean;
  note: string;
  created_at: string;
  updated_at: string;
}

function pipelineView(row: TemplateHook): PipelineView {
  return {
    id: row.id,
    image_template_slug: row.imageTemplateSlug,
    hook_type: row.hookType,
    hook_template_slug: row.hookTemplateSlug,
    enabled: row.enabled,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The tenant's pipelines (template hooks in the REST API), optionally of one image template; members read them too. */
export async function listPipelines(
  { db }: Pick<Deps, 'db'>,
  who: ScopedIdentity,
  input: { image_template_slug?: string | undefined },
): Promise<{ hooks: PipelineView[] }> {
  const conds = [eq(templateHooks.tenantId, who.tenantId)];
  if (input.image_template_slug) conds.push(eq(templateHooks.imageTemplateSlug, input.image_template_slug));
  const rows = await db
    .select()
    .from(templateHooks)
    .where(and(...conds))
    .orderBy(asc(templateHooks.imageTemplateSlug), asc(templateHooks.hookType));
  return { hooks: rows.map(pipelineView) };
}

async function templateOfType(
  db: Db,
  who: TenantIdentity,
  slugValue: string,
  type: 'image' | 'article',
): Promise<boolean> {
  const [row] = await db
    .select({ id: templates.id })
    .from(templates)
    .where(
      and(
        eq(templates.slug, slugValue),
        eq(templates.type, type),
        visibleTo(who, templates, 'all', { withGrants: true }),
      ),
    );
  return !!row;
}

async function checkTargets(
  db: Db,
  who: TenantIdentity,
  b: { image_template_slug: string; hook_type: HookType; hook_template_slug: string },
): Promise<void> {
  if (!(await templateOfType(db, who, b.image_template_slug, 'image'))) {
    throw fieldError(
      ['image_template_slug'],
      `no image template "${b.image_template_slug}"; GET /api/templates?type=image lists them`,
    );
  }
  const exists =
    b.hook_type === 'article'
      ? await templateOfType(db, who, b.hook_template_slug, 'article')
      : await videoTemplateVisible(db, who, b.hook_template_slug);
  if (!exists) {
    const where = b.hook_type === 'article' ? 'GET /api/templates?type=article' : 'GET /api/video-templates';
    throw fieldError(
      ['hook_template_slug'],
      `no ${b.hook_type} template "${b.hook_template_slug}"; ${where} lists them`,
    );
  }
}

/**
 * Binds an image template to a downstream template. Posting again for the same image template and
 * hook type updates that binding; there is never a second one. Answers the hook and whether it is new.
 */
export async function bindPipeline(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  b: PipelineBind,
): Promise<{ created: boolean; hook: PipelineView }> {
  await checkTargets(db, who, b);
  const now = new Date();
  const [row] = await db
    .insert(templateHooks)
    .values({
      tenantId: who.tenantId,
      imageTemplateSlug: b.image_template_slug,
      hookType: b.hook_type,
      hookTemplateSlug: b.hook_template_slug,
      enabled: b.enabled ?? true,
      note: b.note ?? '',
    })
    .onConflictDoUpdate({
      target: [templateHooks.tenantId, templateHooks.imageTemplateSlug, templateHooks.hookType],
      set: {
        hookTemplateSlug: b.hook_template_slug,
        ...(b.enabled !== undefined ? { enabled: b.enabled } : {}),
        ...(b.note !== undefined ? { note: b.note } : {}),
        updatedAt: now,
      },
    })
    // xmax is 0 only on a row version written by an insert, not by the conflict's update.
    .returning({ ...getTableColumns(templateHooks), inserted: sql<boolean>`(xmax = 0)` });
  if (!row) throw new AppError('INTERNAL', 'the hook was not saved');
  const { inserted, ...hook } = row;
  return { created: inserted, hook: pipelineView(hook) };
}

async function ownHook(db: Db, who: ScopedIdentity, id: string): Promise<TemplateHook> {
  const [row] = await db
    .select()
    .from(templateHooks)
    .where(and(eq(templateHooks.id, id), eq(templateHooks.tenantId, who.tenantId)));
  if (!row) throw notFound(`Pipeline "${id}"`);
  return row;
}

export async function updatePipeline(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  b: PipelineUpdate,
): Promise<{ hook: PipelineView }> {
  const row = await ownHook(db, who, b.id);
  if (b.image_template_slug !== undefined && b.image_template_slug !== row.imageTemplateSlug) {
    throw fieldError(['image_template_slug'], 'a hook keeps its image template; delete it and bind a new one');
  }
  if (b.hook_type !== undefined && b.hook_type !== row.hookType) {
    throw fieldError(['hook_type'], 'a hook keeps its type; delete it and bind a new one');
  }
  if (b.hook_template_slug !== undefined) {
    await checkTargets(db, who, {
      image_template_slug: row.imageTemplateSlug,
      hook_type: row.hookType,
      hook_template_slug: b.hook_template_slug,
    });
  }
  try {
    const [updated] = await db
      .update(templateHooks)
      .set({
        hookTemplateSlug: b.hook_template_slug ?? row.hookTemplateSlug,
        enabled: b.enabled ?? row.enabled,
        note: b.note ?? row.note,
        updatedAt: new Date(),
      })
      .where(and(eq(templateHooks.id, row.id), eq(templateHooks.tenantId, who.tenantId)))
      .returning();
    if (!updated) throw notFound(`Pipeline "${b.id}"`);
    return { hook: pipelineView(updated) };
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', 'Another hook already binds this image template and type');
    throw err;
  }
}

export async function deletePipeline(
  { db }: Pick<Deps, 'db'>,
  who: TenantIdentity,
  input: { id: string },
): Promise<{ id: string; deleted: true }> {
  const deleted = await db
    .delete(templateHooks)
    .where(and(eq(templateHooks.id, input.id), eq(templateHooks.tenantId, who.tenantId)))
    .returning({ id: templateHooks.id });
  if (deleted.length === 0) throw notFound(`Pipeline "${input.id}"`);
  return { id: input.id, deleted: true };
}
