import { skillCatalogue } from '@/server/domain/skills/skills';
import { authedProcedure } from '@/server/api/trpc';
import { listSkillsInput, listSkillsMeta, listSkillsOutput } from './list-skills.types';

export const listSkillsProcedure = authedProcedure
  .meta(listSkillsMeta)
  .input(listSkillsInput)
  .output(listSkillsOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await skillCatalogue(ctx, ctx.identity)) }));
