import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkMigration } from './migration-check';

describe('expand and contract: a migration keeps the previous release working', () => {
  it('lets additive statements through', () => {
    const sql = [
      'CREATE TABLE "alerts" ("id" uuid PRIMARY KEY NOT NULL);',
      '--> statement-breakpoint',
      'ALTER TABLE "jobs" ADD COLUMN "result_expired_at" timestamp with time zone;--> statement-breakpoint',
      'ALTER TABLE "jobs" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "api_keys" ALTER COLUMN "ciphertext" DROP NOT NULL;--> statement-breakpoint',
      'CREATE INDEX "jobs_key" ON "jobs" USING btree ("key_id");',
    ].join('\n');
    expect(checkMigration('0040_add.sql', sql)).toEqual([]);
  });

  it('refuses what breaks the previous release, each with its line and rule', () => {
    const sql = [
      'ALTER TABLE "jobs" DROP COLUMN "old";--> statement-breakpoint',
      'ALTER TABLE "jobs" RENAME COLUMN "a" TO "b";--> statement-breakpoint',
      'DROP TABLE "legacy";--> statement-breakpoint',
      'ALTER TABLE "jobs" ALTER COLUMN "n" SET DATA TYPE bigint;--> statement-breakpoint',
      'ALTER TABLE "jobs" ALTER COLUMN "n" SET NOT NULL;--> statement-breakpoint',
      'ALTER TABLE "jobs" ADD COLUMN "must" text NOT NULL;',
    ].join('\n');
    expect(checkMigration('0041_break.sql', sql).map((f) => [f.line, f.rule])).toEqual([
      [1, 'drops a column'],
      [2, 'renames a table or column'],
      [3, 'drops a table'],
      [4, "changes a column's type"],
      [5, 'makes a column NOT NULL'],
      [6, 'adds a NOT NULL column without a default'],
    ]);
  });

  it('accepts a contract step that says why the previous release no longer uses it', () => {
    const sql = [
      '-- contract: jobs.old unused since 0038 (the release before reads jobs.new)',
      'ALTER TABLE "jobs" DROP COLUMN "old";--> statement-breakpoint',
      'ALTER TABLE "jobs" DROP COLUMN "other";',
    ].join('\n');
    expect(checkMigration('0042_contract.sql', sql)).toEqual([
      {
        file: '0042_contract.sql',
        line: 3,
        rule: 'drops a column',
        statement: 'ALTER TABLE "jobs" DROP COLUMN "other";',
      },
    ]);
  });

  it('passes every committed migration', () => {
    const dir = path.resolve(__dirname, '../../../drizzle');
    const files = readdirSync(dir).filter((f) => f.endsWith('.sql'));
    expect(files.length).toBeGreaterThan(30);
    expect(files.flatMap((f) => checkMigration(f, readFileSync(path.join(dir, f), 'utf8')))).toEqual([]);
  });
});
