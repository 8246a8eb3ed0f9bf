import { listTemplates } from '@/server/domain/templates/templates';
import { authedProcedure } from '@/server/api/trpc';
import { listTemplatesInput, listTemplatesMeta, listTemplatesOutput } from './list-templates.types';

export const listTemplatesProcedure = authedProcedure
  .meta(listTemplatesMeta)
  .input(listTemplatesInput)
  .output(listTemplatesOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listTemplates(ctx, ctx.identity, input)) }));
