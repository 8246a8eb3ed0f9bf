import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers: unit tests beside the code, integration tests against a real database
 * (PGlite, or the PostgreSQL of DATABASE_URL), and API tests against a running server.
 */
export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname, 'src') } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 240_000,
    env: { LOG_LEVEL: 'silent', NEXT_TELEMETRY_DISABLED: '1' },
    projects: [
      { extends: true, test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.ts'] } },
      {
        extends: true,
        // One shared server and simulator: files run one after another so injected faults stay in their test.
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          globalSetup: ['tests/helpers/api-server.ts'],
          fileParallelism: false,
        },
      },
    ],
  },
});
