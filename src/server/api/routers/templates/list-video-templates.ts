import { listVideoTemplates } from '@/server/domain/templates/video-templates';
import { authedProcedure } from '@/server/api/trpc';
import {
  listVideoTemplatesInput,
  listVideoTemplatesMeta,
  listVideoTemplatesOutput,
} from './list-video-templates.types';

export const listVideoTemplatesProcedure = authedProcedure
  .meta(listVideoTemplatesMeta)
  .input(listVideoTemplatesInput)
  .output(listVideoTemplatesOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listVideoTemplates(ctx, ctx.identity, input)) }));
