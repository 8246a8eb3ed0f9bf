import { z } from 'zod';
import { createTemplate, templateCreateSchema, templateView } from '../../../domain/templates/templates';
import { getRuntime } from '../../../runtime';
import { writerProcedure } from '../../trpc';
import { templateOut } from './templates.types';

export const createTemplateProcedure = writerProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/templates',
      tags: ['Templates'],
      summary: 'Create an image or article template',
      description:
        'The owner is the calling tenant (the super-administrator key creates platform templates shared with every tenant). `slug` is unique across all tenants: a taken slug is 409 and never overwrites; without `slug` one is generated. Every `{key}` slot of `prompt_template` needs a field of that key and every field must be used; a template without fields takes one sentence in `{input}`. Article templates need `format`. Default reference images must be files Studio serves for your tenant. Member keys: 403. Unknown body keys: 400.',
      protect: true,
    },
  })
  .input(templateCreateSchema)
  .output(z.object({ ok: z.literal(true), template: templateOut }))
  .mutation(async ({ ctx, input }) => {
    const { files } = await getRuntime();
    const row = await createTemplate(ctx.db, files, ctx.identity, input);
    return { ok: true as const, template: templateView(ctx.config, ctx.identity, row) };
  });
