import { z } from 'zod';
import {
  createVideoTemplate,
  listVideoTemplates,
  updateVideoTemplate,
  videoTemplateCreateSchema,
  videoTemplateUpdateSchema,
  videoTemplateView,
} from '../../../domain/templates/video-templates';
import { authedProcedure, writerProcedure } from '../../trpc';
import { sourceQuery, videoTemplateOut } from './templates.types';

export const listVideoTemplatesProcedure = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/video-templates',
      tags: ['Templates'],
      summary: 'Video templates',
      description: '`source` = `mine`, `platform` or `all` (default); invalid: 400. Every row carries `source`.',
      protect: true,
    },
  })
  .input(z.object({ source: sourceQuery, slug: z.string().max(80).optional() }))
  .output(z.object({ ok: z.literal(true), templates: z.array(videoTemplateOut) }))
  .query(async ({ ctx, input }) => {
    const rows = await listVideoTemplates(ctx.db, ctx.identity, input);
    return { ok: true as const, templates: rows.map((r) => videoTemplateView(ctx.config, ctx.identity, r)) };
  });

export const createVideoTemplateProcedure = writerProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/video-templates',
      tags: ['Templates'],
      summary: 'Create a video template',
      description:
        '`zh_name`, `prompt_template`, `generation_configs` (`[{ratio, duration}]`, at least one), optional `slug` (unique; taken: 409), `fields`, `sample_cover_image`, `sample_video_url`, `description`, `category`, `gated`, `active`. Member keys: 403.',
      protect: true,
    },
  })
  .input(videoTemplateCreateSchema)
  .output(z.object({ ok: z.literal(true), template: videoTemplateOut }))
  .mutation(async ({ ctx, input }) => {
    const row = await createVideoTemplate(ctx.db, ctx.identity, input);
    return { ok: true as const, template: videoTemplateView(ctx.config, ctx.identity, row) };
  });

export const updateVideoTemplateProcedure = writerProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/video-templates',
      tags: ['Templates'],
      summary: 'Update or deactivate a video template',
      description: 'Body: `id` plus the fields to change; `active: false` deactivates. Another tenant’s: 404; a platform one: 403.',
      protect: true,
    },
  })
  .input(videoTemplateUpdateSchema)
  .output(z.object({ ok: z.literal(true), template: videoTemplateOut }))
  .mutation(async ({ ctx, input }) => {
    const row = await updateVideoTemplate(ctx.db, ctx.identity, input);
    return { ok: true as const, template: videoTemplateView(ctx.config, ctx.identity, row) };
  });
