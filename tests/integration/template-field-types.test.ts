import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '@/server/config';
import { OPERATOR } from '@/server/domain/auth/identity';
import { submitImageJobs } from '@/server/domain/jobs/submit';
import { createTemplate } from '@/server/domain/templates/templates';
import { createTenant } from '@/server/domain/tenants/tenants';
import { AppError } from '@/server/errors';
import { LocalFileStore } from '@/server/storage/store';
import { jobsSuite } from '../helpers/jobs-suite';
import { testSecret, type TestDatabase } from '../helpers/test-db';

const suite = jobsSuite();
let t: TestDatabase;
let config: Config;
let files: LocalFileStore;
beforeAll(() => {
  ({ t, config, files } = suite);
});

describe('a template with choice, number and image fields', () => {
  it('fills the slots, sends the image as the first reference, and refuses bad values naming the field', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '字段类型',
      credits: 100,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    const { template } = await createTemplate({ db: t.db, config, files }, who, {
      zh_name: '杯子主图',
      type: 'image',
      prompt_template: '{count} 个{colour}杯子，照着 {photo} 的样子',
      fields: [
        {
          key: 'colour',
          label: '颜色',
          type: 'choice',
          options: [{ value: '红色' }, { value: '蓝色', label: 'Blue' }],
        },
        { key: 'count', label: '数量', type: 'number', min: 1, max: 4, integer: true },
        { key: 'photo', label: '商品图', type: 'image' },
      ],
    });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const url = await files.put(`${tenant.id}/uploads/tenant/cup.png`, png, 'image/png');
    const submit = (input: Record<string, string | number>) =>
      submitImageJobs({ db: t.db, config, files }, who, {
        items: [{ template_id: template.id, input }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: JSON.stringify(input),
        batch: false,
      });

    const [job] = await submit({ colour: '蓝色', count: 2, photo: url });
    expect(job?.input.prompt).toBe('2 个蓝色杯子，照着 参考图1 的样子');
    expect(job?.input.reference_images).toEqual([url]);

    const refusal = async (input: Record<string, string | number>) => {
      const err = await submit(input).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      return err instanceof AppError ? `${err.status} ${err.message}` : '';
    };
    expect(await refusal({ colour: '绿色', count: 2, photo: url })).toMatch(/^400 .*input\.colour/);
    expect(await refusal({ colour: '红色', count: 9, photo: url })).toMatch(/^400 .*input\.count.*at most 4/);
    expect(await refusal({ colour: '红色', count: 2, photo: 'https://elsewhere.example/cup.png' })).toMatch(
      /^400 .*input\.photo/,
    );
    const other = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '别家',
      credits: 10,
      quota_monthly: 0,
    });
    const theirs = await files.put(`${other.tenant.id}/uploads/tenant/x.png`, png, 'image/png');
    expect(await refusal({ colour: '红色', count: 2, photo: theirs })).toMatch(/^400 .*input\.photo/);
  });
});

describe('the value of an image field', () => {
  it('is an https URL of an upload of yours or its upload key; anything else is a 400 saying what the field takes', async () => {
    const { tenant } = await createTenant({ db: t.db, config: { secret: testSecret } }, OPERATOR, {
      name: '图片字段',
      credits: 100,
      quota_monthly: 0,
    });
    const who = { kind: 'tenant' as const, tenantId: tenant.id, via: 'key' as const };
    // Studio served over https, as behind its proxy: upload answers carry https URLs.
    const secure = new LocalFileStore(
      path.join(mkdtempSync(path.join(os.tmpdir(), 'studio-https-')), 'f'),
      'https://studio.test',
    );
    const deps = { db: t.db, config, files: secure };
    const { template } = await createTemplate(deps, who, {
      zh_name: '换背景',
      type: 'image',
      prompt_template: '把{photo}里的商品放到海边',
      fields: [{ key: 'photo', label: '商品图', type: 'image' }],
    });
    const png = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    const key = `${tenant.id}/uploads/tenant/shoe.png`;
    const url = await secure.put(key, png, 'image/png');
    expect(url).toBe(`https://studio.test/files/${key}`);
    const submit = (photo: string) =>
      submitImageJobs(deps, who, {
        items: [{ template_id: template.id, input: { photo } }],
        callbackUrl: null,
        idempotencyKey: null,
        hash: photo,
        batch: false,
      });

    for (const value of [url, key]) {
      const [job] = await submit(value);
      expect(job?.input.prompt).toBe('把参考图1里的商品放到海边');
      expect(job?.input.reference_images).toEqual([url]);
    }

    const refusal = async (photo: string) => {
      const err = await submit(photo).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      return err instanceof AppError ? `${err.status} ${err.message}` : '';
    };
    const takes =
      /^400 input\.photo: an image field takes the http\(s\) URL of an image of yours .* or its upload key$/;
    for (const bad of [
      'ftp://studio.test/files/x.png',
      'data:image/png;base64,iVBORw0KGgo=',
      '../../etc/passwd',
      'a shoe',
    ])
      expect(await refusal(bad), bad).toMatch(takes);
    const notYours = /^400 input\.photo: only files served by Studio that are yours can be used/;
    expect(await refusal('https://images.example.com/shoe.png')).toMatch(notYours);
    expect(await refusal(`${tenant.id}/uploads/tenant/missing.png`)).toMatch(notYours);
    expect(await refusal(`${randomUUID()}/uploads/tenant/shoe.png`)).toMatch(notYours);
  });
});
