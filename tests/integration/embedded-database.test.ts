import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_SETTINGS, openDatabase } from '@/server/db/client';
import { rowsOf } from '@/server/db/rows';

/** The embedded database in a folder (what `npm start` without DATABASE_URL opens), whatever DATABASE_URL says. */
describe('embedded database folder', () => {
  const dirs: string[] = [];
  const scratch = (): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-embedded-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const setting = async (database: Awaited<ReturnType<typeof openDatabase>>, name: string): Promise<string> => {
    const rows = rowsOf<Record<string, string>>(await database.db.execute(sql.raw(`show ${name}`)));
    return rows[0]?.[name] ?? '';
  };

  it('makes a new folder with the embedded settings and keeps what is written across a restart', async () => {
    const dataDir = scratch();
    const first = await openDatabase({ databaseUrl: undefined, dataDir });
    expect(first.kind).toBe('pglite');
    expect(await setting(first, 'shared_buffers')).toBe(EMBEDDED_SETTINGS.shared_buffers);
    await first.db.execute(sql`create table kept (note text)`);
    await first.db.execute(sql`insert into kept values ('写入后重启')`);
    await first.close();

    // initdb wrote the settings into the folder's configuration too.
    expect(readFileSync(path.join(dataDir, 'pg', 'postgresql.conf'), 'utf8')).toMatch(
      new RegExp(`^shared_buffers = ${EMBEDDED_SETTINGS.shared_buffers}`, 'm'),
    );

    const second = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(rowsOf<{ note: string }>(await second.db.execute(sql`select note from kept`))).toEqual([
        { note: '写入后重启' },
      ]);
      expect(await setting(second, 'shared_buffers')).toBe(EMBEDDED_SETTINGS.shared_buffers);
    } finally {
      await second.close();
    }
  }, 180_000);

  it('opens a folder made with PostgreSQL defaults (an older release) with the embedded settings', async () => {
    const dataDir = scratch();
    const dir = path.join(dataDir, 'pg');
    mkdirSync(dir, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const old = await PGlite.create(dir);
    expect((await old.query<{ shared_buffers: string }>('show shared_buffers')).rows[0]?.shared_buffers).toBe('128MB');
    await old.exec(`create table kept (n int); insert into kept values (7)`);
    await old.close();

    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      expect(await setting(database, 'shared_buffers')).toBe(EMBEDDED_SETTINGS.shared_buffers);
      expect(rowsOf<{ n: number }>(await database.db.execute(sql`select n from kept`))).toEqual([{ n: 7 }]);
    } finally {
      await database.close();
    }
  }, 180_000);
});
