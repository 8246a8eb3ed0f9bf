import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConfig, parseEnv, type Config } from '@/server/config';
import { jobs, skills, templates } from '@/server/db/schema';
import { loadCatalog, seedCatalog } from '@/server/domain/catalog/seed';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { imageJobInputSchema } from '@/server/domain/jobs/types';
import { upsertSkill } from '@/server/domain/skills/skills';
import { createTemplate } from '@/server/domain/templates/templates';
import { OPERATOR } from '@/server/domain/auth/identity';
import { createTenant } from '@/server/domain/tenants/tenants';
import { LocalFileStore } from '@/server/storage/store';
import { simulatorUpstreams, syncUpstreams } from '@/server/upstreams/registry';
import { createTestDatabase, testSecret, type TestDatabase } from '../helpers/test-db';

let t: TestDatabase;
let config: Config;
let files: LocalFileStore;

beforeAll(async () => {
  t = await createTestDatabase();
  // Planning needs upstream rows; nothing is called here.
  await syncUpstreams(t.db, testSecret, simulatorUpstreams('http://127.0.0.1:9'), 'simulator');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'studio-templates-'));
  config = { ...buildConfig(parseEnv({ STUDIO_DATA_DIR: dir, STUDIO_SECRET: 'x'.repeat(40) })), secret: testSecret };
  files = new LocalFileStore(path.join(dir, 'files'), 'http://studio.test');
});
afterAll(async () => {
  await t.close();
});

describe('the shipped catalogue', () => {
  it('loads on every start, keeps operator edits, and deactivates entries removed from the files', async () => {
    const catalog = loadCatalog();
    const first = await seedCatalog(t.db, catalog);
    expect(first.skills).toBeGreaterThanOrEqual(12);
    expect(first.skipped).toEqual([]);
    const again = await seedCatalog(t.db, catalog);
    expect(again.skills).toBe(first.skills);
    const rows = await t.db.select().from(skills);
    expect(rows).toHaveLength(catalog.skills.length);
    expect(rows.every((r) => r.origin === 'catalog' && r.active)).toBe(true);

    const [edited, dropped] = catalog.skills;
    if (!edited || !dropped) throw new Error('catalogue too small');
    await upsertSkill(t.db, { ...edited, prompt: `${edited.prompt}\nOperator addition.` });
    const shorter = { ...catalog, skills: catalog.skills.filter((s) => s.slug !== dropped.slug) };
    await seedCatalog(t.db, shorter);

    const [kept] = await t.db.select().from(skills).where(eq(skills.slug, edited.slug));
    expect(kept?.origin).toBe('operator');
    expect(kept?.prompt).toContain('Operator addition.');
    const [gone] = await t.db.select().from(skills).where(eq(skills.slug, dropped.slug));
    expect(gone?.active).toBe(false);

    await seedCatalog(t.db, catalog);
    const [back] = await t.db.select().from(skills).where(eq(skills.slug, dropped.slug));
    expect(back?.active).toBe(true);
    const platform = await t.db.select().from(templates);
    expect(platform.length).toBe(catalog.templates.image_templates.length + catalog.templates.article_templates.length);
    expect(platform.every((p) => p.tenantId === null && p.visibility === 'shared')).toBe(true);
  });
});

describe('template default reference images', () => {
  it('are used when the request has none, and the caller’s images always win', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '参考图租户',
      credits: 100,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    const defaultUrl = await files.put(`${tenant.id}/uploads/default.png`, png, 'image/png');
    const callerUrl = await files.put(`${tenant.id}/uploads/mine.png`, png, 'image/png');
    const { template } = await createTemplate({ db: t.db, config, files }, who, {
      type: 'image',
      zh_name: '换背景',
      prompt_template: '把商品放到{scene}',
      fields: [{ key: 'scene', label: '场景' }],
      generation_configs: [{ default_reference_images: [defaultUrl] }],
    });

    const submit = async (extra: Record<string, unknown>) => {
      const [job] = await submitImageJobs({ db: t.db, config, files }, who, {
        items: [{ template_id: template.slug, input: { scene: '海边' }, quality: 'low', ...extra }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: 'h',
        batch: false,
      });
      if (!job) throw new Error('no job');
      const [row] = await t.db.select().from(jobs).where(eq(jobs.id, job.id));
      return imageJobInputSchema.parse(row?.input);
    };

    const withDefaults = await submit({});
    expect(withDefaults.reference_images).toEqual([defaultUrl]);
    expect(withDefaults.prompt).toBe('把商品放到海边');
    expect(withDefaults.source).toEqual({ kind: 'template', id: template.id, slug: template.slug });

    const withOwn = await submit({ reference_images: [callerUrl] });
    expect(withOwn.reference_images).toEqual([callerUrl]);
  });
});
