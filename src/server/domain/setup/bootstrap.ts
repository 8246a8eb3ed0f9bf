import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Config } from '@/server/config';
import type { Db } from '@/server/db/client';
import { tenants } from '@/server/db/schema';
import { ensureAdminKey } from '@/server/domain/auth/api-keys';
import { seedCatalog } from '@/server/domain/catalog/seed';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { DEMO_EMAIL, writeDemoLogin } from './demo-login';

export interface BootstrapReport {
  /** Set only when the admin key was generated now: it is shown this once. */
  generatedAdminKey: string | null;
  demo: { tenantName: string; apiKey: string; email: string; password: string; file: string } | null;
}

export const DEMO_TENANT = { name: 'Demo Studio 演示工作室', email: DEMO_EMAIL, credits: 1000 } as const;

/** Start-up set-up: the super-administrator key, the shipped catalogue and, on an empty database, a demo tenant. */
export async function bootstrap(db: Db, config: Config): Promise<BootstrapReport> {
  const generatedAdminKey = await ensureAdminKey(db, { configured: config.adminKey });
  await seedCatalog(db);
  let demo: BootstrapReport['demo'] = null;
  if (config.demo) {
    const [row] = await db.select({ n: count() }).from(tenants);
    if ((row?.n ?? 0) === 0) {
      const password = randomBytes(9).toString('base64url');
      const { api_key: apiKey } = await createTenant({ db, config }, OPERATOR, {
        name: DEMO_TENANT.name,
        credits: DEMO_TENANT.credits,
        quota_monthly: 10_000,
        admin_email: DEMO_TENANT.email,
        admin_password: password,
      });
      const file = writeDemoLogin(config.dataDir, {
        consoleUrl: `${config.publicBaseUrl}/login`,
        email: DEMO_TENANT.email,
        password,
        apiKey,
      });
      demo = { tenantName: DEMO_TENANT.name, apiKey, email: DEMO_TENANT.email, password, file };
    }
  }
  return { generatedAdminKey, demo };
}
