import { router } from '../../trpc';
import { listSkillsProcedure } from './list-skills';

export const skillsRouter = router({ list: listSkillsProcedure });
