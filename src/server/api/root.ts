import { membersRouter } from './routers/members';
import { keysRouter } from './routers/keys';
import { articleRouter } from './routers/article';
import { pipelinesRouter } from './routers/pipelines';
import { skillsRouter } from './routers/skills';
import { templatesRouter } from './routers/templates';
import { uploadsRouter } from './routers/uploads';
import { usageRouter } from './routers/usage';
import { adminRouter } from './routers/admin';
import { alertsRouter } from './routers/alerts';
import { balanceRouter } from './routers/balance';
import { callbacksRouter } from './routers/callbacks';
import { callsRouter } from './routers/calls';
import { claimsRouter } from './routers/claims';
import { imageTemplateRouter } from './routers/image-template';
import { jobsRouter } from './routers/jobs';
import { modelsRouter } from './routers/models';
import { sessionRouter } from './routers/session';
import { videosRouter } from './routers/videos';
import { createCallerFactory, router } from './trpc';

export const appRouter = router({
  admin: adminRouter,
  balance: balanceRouter,
  members: membersRouter,
  keys: keysRouter,
  session: sessionRouter,
  jobs: jobsRouter,
  models: modelsRouter,
  callbacks: callbacksRouter,
  skills: skillsRouter,
  templates: templatesRouter,
  pipelines: pipelinesRouter,
  article: articleRouter,
  uploads: uploadsRouter,
  usage: usageRouter,
  claims: claimsRouter,
  videos: videosRouter,
  imageTemplate: imageTemplateRouter,
  calls: callsRouter,
  alerts: alertsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
