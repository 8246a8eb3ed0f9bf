/**
 * `npm run lint:migrations`: fails when a committed migration would break the previous release's processes
 * during a rolling upgrade (src/server/db/migration-check.ts says what, and how a contract step is marked).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { checkMigration } from '../src/server/db/migration-check';

const dir = path.resolve(import.meta.dirname, '../drizzle');
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const findings = files.flatMap((f) => checkMigration(f, readFileSync(path.join(dir, f), 'utf8')));
for (const f of findings)
  console.error(
    `drizzle/${f.file}:${f.line}: ${f.rule}, which the previous release still uses during a rolling upgrade ` +
      `(${f.statement}). Split it: expand now, contract in a later release, marked "-- contract: <why>".`,
  );
console.log(`${files.length} migrations checked for expand and contract: ${findings.length} refused`);
process.exit(findings.length ? 1 : 0);
