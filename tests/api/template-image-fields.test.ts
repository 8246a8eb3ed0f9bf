import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant, upload, waitForJob } from '../helpers/api';

const base = () => inject('apiBase');
const png = () =>
  sharp({ create: { width: 48, height: 48, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('an image field through REST', () => {
  it('takes the URL or the key the upload answered, fills 参考图N in a Chinese prompt, and refuses anything else with 400', async () => {
    const t = await newTenant({ credits: 200 });
    const created = await api<{ template: { id: string } }>('/templates', {
      key: t.key,
      body: {
        zh_name: '海边换景',
        type: 'image',
        prompt_template: '把{photo}里的商品放到海边，保持{colour}包装',
        fields: [
          { key: 'photo', label: '商品图', type: 'image' },
          { key: 'colour', label: '颜色', type: 'choice', options: [{ value: '红色' }, { value: '白色' }] },
        ],
      },
    });
    expect(created.status).toBe(200);
    const template = created.body.template.id;
    const up = await upload(base(), t.key, await png(), { filename: 'shoe.png' });
    expect(up.status).toBe(200);
    expect(up.body.key).toMatch(new RegExp(`^${t.id}/uploads/tenant/`));
    const generate = (key: string, photo: unknown) =>
      api<{ jobId: string; error: string }>('/generate', {
        key,
        body: { template_id: template, input: { photo, colour: '白色' } },
      });

    for (const photo of [up.body.url, up.body.key]) {
      const res = await generate(t.key, photo);
      expect(res.status, String(photo)).toBe(200);
      const job = await waitForJob(t.key, res.body.jobId);
      expect(job.status).toBe('done');
      const view = await api<{ job: { prompt: string; reference_images: string[] } }>(`/jobs?id=${res.body.jobId}`, {
        key: t.key,
      });
      expect(view.body.job.prompt).toBe('把参考图1里的商品放到海边，保持白色包装');
    }

    const takes = /^input\.photo: an image field takes the http\(s\) URL of an image of yours .* or its upload key$/;
    for (const photo of [
      'ftp://example.com/shoe.png',
      'data:image/png;base64,iVBORw0KGgo=',
      '../secrets.png',
      '一张图',
    ])
      expect(await generate(t.key, photo), photo).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(takes) },
      });
    const notYours = /^input\.photo: only files served by Studio that are yours can be used/;
    const other = await newTenant();
    const theirs = await upload(base(), other.key, await png(), { filename: 'x.png' });
    for (const photo of ['https://images.example.com/shoe.png', theirs.body.url, theirs.body.key])
      expect(await generate(t.key, photo), photo).toMatchObject({
        status: 400,
        body: { error: expect.stringMatching(notYours) },
      });

    // A member uses its own uploads, not the tenant's.
    const member = await newMember(t.key, { credits: 50 });
    const own = await upload(base(), member.key, await png(), { filename: 'm.png' });
    expect((await generate(member.key, own.body.key)).status).toBe(200);
    expect((await generate(member.key, up.body.key)).body.error).toMatch(notYours);
  });
});
