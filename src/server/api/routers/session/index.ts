import { router } from '@/server/api/trpc';
import { meProcedure } from './me';
import { revealKeyProcedure } from './reveal-key';

export const sessionRouter = router({ me: meProcedure, revealKey: revealKeyProcedure });
