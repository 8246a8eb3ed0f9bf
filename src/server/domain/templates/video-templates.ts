import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/rows';
import { videoTemplates, type VideoTemplate } from '../../db/schema';
import type { Identity } from '../auth/identity';
import { AppError, badRequest, notFound } from '../errors';
import { isSupportedRatio } from '../jobs/sizes';
import { allOptional, httpUrl, slugSchema, trimmedText } from '../schemas';
import { absoluteUrl, canReadContent, canWrite, ownerOf, sourceOf, visibleTo, type TemplateSource, type WriterIdentity } from './access';
import { contractProblem, fieldsSchema } from './slots';

const text = trimmedText;

export const videoConfigSchema = z.strictObject({
  ratio: z.string().refine(isSupportedRatio, 'must be W:H, e.g. 9:16, 16:9, 1:1'),
  duration: z.number().int('must be whole seconds').min(1, 'must be at least 1 second').max(60, 'must be at most 60 seconds'),
});

const writable = {
  zh_name: text(100).min(1, 'must not be empty'),
  description: text(500),
  category: text(50),
  active: z.boolean(),
  gated: z.boolean(),
  prompt_template: z.string().trim().min(1, 'must not be empty').max(8000, 'must be at most 8000 characters'),
  fields: fieldsSchema,
  sample_cover_image: httpUrl.nullable(),
  sample_video_url: httpUrl.nullable(),
  generation_configs: z.array(videoConfigSchema).min(1, 'give at least one {ratio, duration}').max(10),
};

export const videoTemplateCreateSchema = z.strictObject({
  slug: slugSchema.optional(),
  ...writable,
  description: writable.description.optional(),
  category: writable.category.optional(),
  active: writable.active.optional(),
  gated: writable.gated.optional(),
  fields: writable.fields.optional(),
  sample_cover_image: writable.sample_cover_image.optional(),
  sample_video_url: writable.sample_video_url.optional(),
});
export type VideoTemplateCreate = z.infer<typeof videoTemplateCreateSchema>;

export const videoTemplateUpdateSchema = z.strictObject({
  id: z.uuid('must be a video template id (uuid)'),
  slug: z.string().optional().meta({ description: 'Accepted only when unchanged' }),
  ...allOptional(writable),
});
export type VideoTemplateUpdate = z.infer<typeof videoTemplateUpdateSchema>;

export function videoTemplateView(config: Pick<Config, 'publicBaseUrl'>, who: Identity, row: VideoTemplate, grants?: ReadonlySet<string>) {
  const open = canReadContent(who, row, grants);
  return {
    id: row.id,
    slug: row.slug,
    zh_name: row.zhName,
    description: row.description,
    category: row.category,
    tenant_id: row.tenantId,
    visibility: row.visibility,
    active: row.active,
    gated: row.gated,
    source: sourceOf(row, who),
    locked: !open,
    prompt_template: open ? row.promptTemplate : null,
    fields: open ? row.fields : null,
    sample_cover_image: absoluteUrl(config, row.sampleCoverImage),
    sample_video_url: absoluteUrl(config, row.sampleVideoUrl),
    generation_configs: row.generationConfigs,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listVideoTemplates(db: Db, who: Identity, filter: { source: TemplateSource; slug?: string | undefined }): Promise<VideoTemplate[]> {
  const conds: (SQL | undefined)[] = [visibleTo(who, videoTemplates, filter.source)];
  if (filter.slug) conds.push(eq(videoTemplates.slug, filter.slug));
  return db
    .select()
    .from(videoTemplates)
    .where(and(...conds))
    .orderBy(sql`${videoTemplates.tenantId} is null`, desc(videoTemplates.createdAt), asc(videoTemplates.slug));
}

export async function createVideoTemplate(db: Db, who: WriterIdentity, body: VideoTemplateCreate): Promise<VideoTemplate> {
  const owner = ownerOf(who);
  const problem = contractProblem(body.prompt_template, body.fields ?? []);
  if (problem) throw badRequest(problem);
  const slug = body.slug ?? `vid-${randomBytes(5).toString('hex')}`;
  try {
    const [row] = await db
      .insert(videoTemplates)
      .values({
        slug,
        tenantId: owner,
        zhName: body.zh_name,
        description: body.description ?? '',
        category: body.category ?? '',
        visibility: owner === null ? 'shared' : 'private',
        active: body.active ?? true,
        gated: body.gated ?? false,
        promptTemplate: body.prompt_template,
        fields: body.fields ?? [],
        sampleCoverImage: body.sample_cover_image ?? null,
        sampleVideoUrl: body.sample_video_url ?? null,
        generationConfigs: body.generation_configs,
        origin: owner === null ? 'operator' : 'tenant',
      })
      .returning();
    if (!row) throw new AppError('INTERNAL', 'the video template was not created');
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError('CONFLICT', `The slug "${slug}" is already taken (video template slugs are unique across all tenants); choose another`);
    }
    throw err;
  }
}

export async function updateVideoTemplate(db: Db, who: WriterIdentity, body: VideoTemplateUpdate): Promise<VideoTemplate> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(videoTemplates)
      .where(and(eq(videoTemplates.id, body.id), visibleTo(who, videoTemplates, 'all')))
      .for('update');
    if (!row) throw notFound(`Video template "${body.id}"`);
    if (!canWrite(who, row)) throw new AppError('FORBIDDEN', 'Platform video templates are maintained by the platform');
    if (body.slug !== undefined && body.slug !== row.slug) throw badRequest('slug: a video template keeps its slug');
    const prompt = body.prompt_template ?? row.promptTemplate;
    const fields = body.fields ?? row.fields;
    const problem = contractProblem(prompt, fields);
    if (problem) throw badRequest(problem);
    const [updated] = await tx
      .update(videoTemplates)
      .set({
        zhName: body.zh_name ?? row.zhName,
        description: body.description ?? row.description,
        category: body.category ?? row.category,
        active: body.active ?? row.active,
        gated: body.gated ?? row.gated,
        promptTemplate: prompt,
        fields,
        sampleCoverImage: body.sample_cover_image !== undefined ? body.sample_cover_image : row.sampleCoverImage,
        sampleVideoUrl: body.sample_video_url !== undefined ? body.sample_video_url : row.sampleVideoUrl,
        generationConfigs: body.generation_configs ?? row.generationConfigs,
        origin: row.origin === 'catalog' ? 'operator' : row.origin,
        updatedAt: new Date(),
      })
      .where(eq(videoTemplates.id, row.id))
      .returning();
    if (!updated) throw new AppError('INTERNAL', 'the video template was not updated');
    return updated;
  });
}

/** Whether a video template of this slug is visible to the caller (hooks check their targets with it). */
export async function videoTemplateVisible(db: Db, who: Identity, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoTemplates.id })
    .from(videoTemplates)
    .where(and(eq(videoTemplates.slug, slug), visibleTo(who, videoTemplates, 'all')));
  return !!row;
}
