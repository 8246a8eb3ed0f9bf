import type { TemplateSource } from '@/contracts/templates';
import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { VideoTemplateCreate, VideoTemplateUpdate } from '@/contracts/templates';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { videoTemplates, type VideoTemplate } from '@/server/db/schema';
import type { Identity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, badRequest, fieldError } from '@/server/errors';
import { absoluteUrl, visibleTo, type WriterIdentity } from './access';
import { contractProblem } from '@/contracts/slots';
import { changedColumns, commonView, insertWithSlug, newRowColumns, writableRow } from './store';

function videoTemplateView(
  config: Pick<Config, 'publicBaseUrl'>,
  who: Identity,
  row: VideoTemplate,
  grants?: ReadonlySet<string>,
) {
  return {
    ...commonView(who, row, grants).view,
    sample_cover_image: absoluteUrl(config, row.sampleCoverImage),
    sample_video_url: absoluteUrl(config, row.sampleVideoUrl),
    generation_configs: row.generationConfigs,
  };
}

export type VideoTemplateView = ReturnType<typeof videoTemplateView>;

/** The video templates the caller can see. */
export async function listVideoTemplates(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: Identity,
  filter: { source: TemplateSource; slug?: string | undefined },
): Promise<{ templates: VideoTemplateView[] }> {
  const conds: (SQL | undefined)[] = [visibleTo(who, videoTemplates, filter.source)];
  if (filter.slug) conds.push(eq(videoTemplates.slug, filter.slug));
  const rows = await db
    .select()
    .from(videoTemplates)
    .where(and(...conds))
    .orderBy(sql`${videoTemplates.tenantId} is null`, desc(videoTemplates.createdAt), asc(videoTemplates.slug));
  return { templates: rows.map((r) => videoTemplateView(config, who, r)) };
}

export async function createVideoTemplate(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: WriterIdentity,
  body: VideoTemplateCreate,
): Promise<{ template: VideoTemplateView }> {
  const problem = contractProblem(body.prompt_template, body.fields ?? []);
  if (problem) throw badRequest(problem);
  const slug = body.slug ?? `vid-${randomBytes(5).toString('hex')}`;
  const row = await insertWithSlug(slug, 'video template', async () => {
    const [inserted] = await db
      .insert(videoTemplates)
      .values({
        ...newRowColumns(who, body),
        slug,
        promptTemplate: body.prompt_template,
        fields: body.fields ?? [],
        sampleCoverImage: body.sample_cover_image ?? null,
        sampleVideoUrl: body.sample_video_url ?? null,
        generationConfigs: body.generation_configs,
      })
      .returning();
    return inserted;
  });
  return { template: videoTemplateView(config, who, row) };
}

export async function updateVideoTemplate(
  { db, config }: Pick<Deps, 'db' | 'config'>,
  who: WriterIdentity,
  body: VideoTemplateUpdate,
): Promise<{ template: VideoTemplateView }> {
  const row = await db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(videoTemplates)
      .where(and(eq(videoTemplates.id, body.id), visibleTo(who, videoTemplates, 'all')))
      .for('update');
    const row = writableRow(
      who,
      found,
      `Video template "${body.id}"`,
      'Platform video templates are maintained by the platform',
    );
    if (body.slug !== undefined && body.slug !== row.slug)
      throw fieldError(['slug'], 'a video template keeps its slug');
    const prompt = body.prompt_template ?? row.promptTemplate;
    const fields = body.fields ?? row.fields;
    const problem = contractProblem(prompt, fields);
    if (problem) throw badRequest(problem);
    const [updated] = await tx
      .update(videoTemplates)
      .set({
        ...changedColumns(body, row),
        promptTemplate: prompt,
        fields,
        sampleCoverImage: body.sample_cover_image !== undefined ? body.sample_cover_image : row.sampleCoverImage,
        sampleVideoUrl: body.sample_video_url !== undefined ? body.sample_video_url : row.sampleVideoUrl,
        generationConfigs: body.generation_configs ?? row.generationConfigs,
      })
      .where(eq(videoTemplates.id, row.id))
      .returning();
    if (!updated) throw new AppError('INTERNAL', 'the video template was not updated');
    return updated;
  });
  return { template: videoTemplateView(config, who, row) };
}

/** Whether a video template of this slug is visible to the caller (hooks check their targets with it). */
export async function videoTemplateVisible(db: Db, who: Identity, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoTemplates.id })
    .from(videoTemplates)
    .where(and(eq(videoTemplates.slug, slug), visibleTo(who, videoTemplates, 'all')));
  return !!row;
}
