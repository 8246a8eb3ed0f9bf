import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim, type RunningSim } from '@/sim/testing';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { auditLog, jobs, templates, uploads } from '@/server/db/schema';
import { OPERATOR, type TenantIdentity } from '@/server/domain/auth/identity';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTenant } from '@/server/domain/tenants/tenants';
import { deleteUpload } from '@/server/domain/uploads/remove';
import { thumbnailKeyOf, thumbnailOf } from '@/server/domain/uploads/thumbnails';
import { listUploads } from '@/server/domain/uploads/uploads';
import { AppError } from '@/server/errors';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let sim: RunningSim;
let config: Config;
let files: LocalFileStore;
let png: Buffer;

beforeAll(async () => {
  t = await createTestDatabase();
  sim = await startSim();
  await syncUpstreams(t.db, testSecret, simulatorUpstreams(sim.url), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-upload-delete-'));
  config = {
    ...buildConfig(
      parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40), PUBLIC_BASE_URL: 'http://studio.test' }),
    ),
    secret: testSecret,
  };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
  png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a5b4fc' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const deps = () => ({ db: t.db, config, files });

async function newTenant(name: string): Promise<TenantIdentity> {
  const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
    name,
    credits: 1000,
    quota_monthly: 0,
  });
  return { kind: 'tenant', tenantId: tenant.id, via: 'key' };
}

/** An uploaded PNG of the tenant, stored and recorded as POST /api/upload-ref leaves it. */
async function upload(who: TenantIdentity, name: string): Promise<{ key: string; url: string }> {
  const key = `${who.tenantId}/uploads/tenant/${crypto.randomUUID()}.png`;
  await files.put(key, png, 'image/png');
  await t.db.insert(uploads).values({
    tenantId: who.tenantId,
    key,
    filename: name,
    ext: 'png',
    mime: 'image/png',
    mediaType: 'image',
    size: png.length,
    strategy: 'proxy',
    status: 'ready',
    committedAt: new Date(),
  });
  return { key, url: files.urlFor(key) };
}

const submitWith = (who: TenantIdentity, url: string) =>
  submitImageJobs(deps(), who, {
    items: [{ prompt: '参考这张图', quality: 'low', reference_images: [url] }],
    callbackUrl: null,
    idempotencyKey: null,
    hash: crypto.randomUUID(),
    batch: false,
  });

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) =>
      err instanceof AppError ? { code: err.code, message: err.message } : { code: 'other', message: String(err) },
  );

describe('deleting an upload', () => {
  it('removes the record, the file and its thumbnail, and writes an audit row', async () => {
    const who = await newTenant('删除上传');
    const { key, url } = await upload(who, '春季主图.png');
    const listed = await listUploads(deps(), who, { limit: 10 });
    expect(listed.uploads[0]?.thumbnail_url).toBe(`http://studio.test/thumbnails/${key}`);

    // The thumbnail: a WebP at most 256 px a side, kept in the store.
    const thumb = await thumbnailOf(files, key);
    const meta = await sharp(thumb ?? Buffer.alloc(0)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 171]);
    expect(await files.size(thumbnailKeyOf(key))).toBe(thumb?.length);

    // Another tenant's delete finds nothing, and changes nothing.
    const other = await newTenant('别人的租户');
    expect(await refusal(deleteUpload(deps(), other, { key }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await files.size(key)).toBe(png.length);

    expect(await deleteUpload(deps(), who, { key })).toEqual({ key, deleted: true });
    // The record stays as a tombstone, so a later request naming the file is refused, not sent on.
    const [tombstone] = await t.db.select().from(uploads).where(eq(uploads.key, key));
    expect(tombstone?.status).toBe('deleted');
    expect(await refusal(deleteUpload(deps(), who, { key }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await refusal(submitWith(who, url))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await files.size(key)).toBeNull();
    expect(await files.size(thumbnailKeyOf(key))).toBeNull();
    expect(await thumbnailOf(files, key)).toBeNull();
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, who.tenantId), eq(auditLog.action, 'upload-delete')));
    expect(audit).toMatchObject({ actor: 'tenant-key', targetKind: 'upload', targetId: key });
    // Deleted once: a second delete is 404.
    expect(await refusal(deleteUpload(deps(), who, { key }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('is refused while a job in flight uses the file, and allowed once the job has ended', async () => {
    const who = await newTenant('任务占用');
    const { key, url } = await upload(who, '参考图.png');
    const [job] = await submitWith(who, url);
    const refused = await refusal(deleteUpload(deps(), who, { key }));
    expect(refused).toMatchObject({ code: 'CONFLICT' });
    expect(refused?.message).toContain(`image job ${job?.id}`);
    expect(await files.size(key)).toBe(png.length);

    await t.db
      .update(jobs)
      .set({ status: 'done' })
      .where(eq(jobs.id, job?.id ?? ''));
    expect(await deleteUpload(deps(), who, { key })).toEqual({ key, deleted: true });
  });

  it('is refused while a template of the tenant shows the file, naming the template', async () => {
    const who = await newTenant('模板占用');
    const { key, url } = await upload(who, '示例图.png');
    await t.db.insert(templates).values({
      slug: `sample-${who.tenantId.slice(0, 8)}`,
      tenantId: who.tenantId,
      type: 'image',
      zhName: '春季海报',
      promptTemplate: '一张海报',
      sampleImages: [url],
    });
    const refused = await refusal(deleteUpload(deps(), who, { key }));
    expect(refused).toMatchObject({ code: 'CONFLICT' });
    expect(refused?.message).toContain('"春季海报"');
    expect(await files.size(key)).toBe(png.length);
  });

  it('racing a submission that uses the file, exactly one of them wins', async () => {
    const who = await newTenant('删除与提交竞争');
    const outcomes = new Set<string>();
    for (let round = 0; round < 8; round++) {
      const { key, url } = await upload(who, `竞争-${round}.png`);
      const [deleted, submitted] = await Promise.all([
        refusal(deleteUpload(deps(), who, { key })),
        refusal(submitWith(who, url)),
      ]);
      const [row] = await t.db.select().from(uploads).where(eq(uploads.key, key));
      const using = await t.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.tenantId, who.tenantId), eq(jobs.status, 'pending')));
      if (deleted === null) {
        // The deletion won: the submission was refused whole, and no job names the file.
        expect(submitted).toMatchObject({ code: 'BAD_REQUEST' });
        expect(row?.status).toBe('deleted');
        expect(await files.size(key)).toBeNull();
        outcomes.add('deleted');
      } else {
        // The submission won: its job is queued, the file is kept, and the deletion said why.
        expect(submitted).toBeNull();
        expect(deleted).toMatchObject({ code: 'CONFLICT' });
        expect(row?.status).toBe('ready');
        expect(await files.size(key)).toBe(png.length);
        outcomes.add('submitted');
      }
      await t.db.update(jobs).set({ status: 'done' }).where(eq(jobs.tenantId, who.tenantId));
      expect(using.length).toBeLessThanOrEqual(1);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });
});
