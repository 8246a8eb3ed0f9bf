import { router } from '@/server/api/trpc';
import { listSkillsProcedure } from './list-skills';

export const skillsRouter = router({ list: listSkillsProcedure });
