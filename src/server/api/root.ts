import { accountsRouter } from './routers/accounts';
import { articleRouter } from './routers/article';
import { hooksRouter } from './routers/template-hooks';
import { skillsRouter } from './routers/skills';
import { templatesRouter } from './routers/templates';
import { uploadsRouter } from './routers/uploads';
import { usageRouter } from './routers/usage';
import { adminRouter } from './routers/admin';
import { balanceRouter } from './routers/balance';
import { callbacksRouter } from './routers/callbacks';
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
  accounts: accountsRouter,
  session: sessionRouter,
  jobs: jobsRouter,
  models: modelsRouter,
  callbacks: callbacksRouter,
  skills: skillsRouter,
  templates: templatesRouter,
  hooks: hooksRouter,
  article: articleRouter,
  uploads: uploadsRouter,
  usage: usageRouter,
  claims: claimsRouter,
  videos: videosRouter,
  imageToTemplate: imageTemplateRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
