/**
 * Lints the OpenAPI document Studio serves (`/api/openapi.json`) with Redocly's recommended rules and
 * `redocly.yaml`: writes it to a temporary file and runs `redocly lint`, exiting with its status
 * (CI runs it; 0 errors and 0 warnings expected).
 *
 *   npm run lint:api
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from '@/server/api/openapi';

const ROOT = path.resolve(import.meta.dirname, '..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-openapi-'));
const file = path.join(dir, 'openapi.json');
// Relative server (`/api`), as the document reads before a request names its host.
writeFileSync(file, JSON.stringify(openApiDocument(''), null, 1));
const run = spawnSync(
  path.join(ROOT, 'node_modules/.bin/redocly'),
  ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--max-problems', '200'],
  { stdio: 'inherit', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
);
rmSync(dir, { recursive: true, force: true });
process.exit(run.status ?? 1);
