import { listTemplates } from '../../../domain/templates/templates';
import { authedProcedure } from '../../trpc';
import { listTemplatesInput, listTemplatesMeta, listTemplatesOutput } from './list-templates.types';

export const listTemplatesProcedure = authedProcedure
  .meta(listTemplatesMeta)
  .input(listTemplatesInput)
  .output(listTemplatesOutput)
  .query(async ({ ctx, input }) => ({ ok: true as const, ...(await listTemplates(ctx, ctx.identity, input)) }));
