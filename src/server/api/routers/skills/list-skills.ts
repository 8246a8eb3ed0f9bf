import { skillCatalogue } from '../../../domain/skills/skills';
import { authedProcedure } from '../../trpc';
import { listSkillsInput, listSkillsMeta, listSkillsOutput } from './list-skills.types';

export const listSkillsProcedure = authedProcedure
  .meta(listSkillsMeta)
  .input(listSkillsInput)
  .output(listSkillsOutput)
  .query(async ({ ctx }) => ({ ok: true as const, ...(await skillCatalogue(ctx, ctx.identity)) }));
