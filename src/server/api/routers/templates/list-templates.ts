import { z } from 'zod';
import { templateTypes } from '../../../db/schema';
import { grantsOf } from '../../../domain/templates/access';
import { listTemplates, templateView } from '../../../domain/templates/templates';
import { authedProcedure } from '../../trpc';
import { sourceQuery, templateOut } from './templates.types';

export const listTemplatesProcedure = authedProcedure
  .meta({
    openapi: {
      method: 'GET',
      path: '/templates',
      tags: ['Templates'],
      summary: 'Image and article templates',
      description:
        '`type` = `image` or `article` (absent: both); `source` = `mine`, `platform` or `all` (default). An invalid `type` or `source` is 400. Every row carries `source`. Your own templates are listed even when deactivated; platform templates only while active. A gated template you have not unlocked is listed with `locked: true` and its content (`prompt_template`, `fields`, `generation_configs`) null. `slug` narrows to one template.',
      protect: true,
    },
  })
  .input(
    z.object({
      type: z.enum(templateTypes, 'must be image or article').optional(),
      source: sourceQuery,
      slug: z.string().max(80).optional(),
    }),
  )
  .output(z.object({ ok: z.literal(true), templates: z.array(templateOut) }))
  .query(async ({ ctx, input }) => {
    const [rows, grants] = await Promise.all([listTemplates(ctx.db, ctx.identity, input), grantsOf(ctx.db, ctx.identity)]);
    return { ok: true as const, templates: rows.map((r) => templateView(ctx.config, ctx.identity, r, grants)) };
  });
