import { z } from 'zod';
import { templateUpdateSchema, templateView, updateTemplate } from '../../../domain/templates/templates';
import { getRuntime } from '../../../runtime';
import { writerProcedure } from '../../trpc';
import { templateOut } from './templates.types';

export const updateTemplateProcedure = writerProcedure
  .meta({
    openapi: {
      method: 'PATCH',
      path: '/templates',
      tags: ['Templates'],
      summary: 'Update or deactivate a template',
      description:
        'Body: `id` plus the fields to change (same names as create; `slug` and `type` cannot change). `active: false` deactivates: the template can no longer be used to generate, and stays listed for you so you can reactivate it. There is no delete. Another tenant’s template: 404; a platform template: 403.',
      protect: true,
    },
  })
  .input(templateUpdateSchema)
  .output(z.object({ ok: z.literal(true), template: templateOut }))
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    const row = await updateTemplate(ctx.db, files, ctx.identity, input);
    return { ok: true as const, template: templateView(ctx.config, ctx.identity, row) };
  });
