import { describe, expect, inject, it } from 'vitest';
import { api, newTenant, upload, type Job } from '../helpers/api';
import { sample } from '../helpers/media-samples';
import { balance, getTask, H3, submit, videoApiSuite, waitTask } from '../helpers/video-api';

// The simulator is reset after each test.
videoApiSuite();

describe('POST /api/videos', () => {
  it('answers at once, charges the tier price per second, and delivers an MP4 served with ranges', async () => {
    const t = await newTenant({ credits: 200 });
    const res = await submit(t.key, {
      prompt: '海边日落 sunset',
      model: H3,
      duration: 5,
      ratio: '16:9',
      resolution: '2K',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      id: res.body.id,
      task_id: res.body.id,
      jobId: res.body.id,
      status: 'pending',
      state: 'queued',
    });
    expect(await balance(t.key)).toBe(170);
    const task = await waitTask(t.key, res.body.id);
    expect(task).toMatchObject({
      job_status: 'done',
      state: 'succeeded',
      model: H3,
      duration: 5,
      resolution: '2K',
      credits: 30,
      error: null,
    });
    expect(JSON.stringify(task)).not.toMatch(/sim-video|simulator|vm-/);
    const job = (await api<{ job: Job & { kind: string } }>(`/jobs?id=${res.body.id}`, { key: t.key })).body.job;
    expect(job).toMatchObject({ status: 'done', kind: 'video', cdn_url: task.video_url });
    const file = await fetch(task.video_url ?? '', { headers: { range: 'bytes=0-11' } });
    expect(file.status).toBe(206);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(4, 8)
        .toString('latin1'),
    ).toBe('ftyp');
    expect((await fetch(task.cover_url ?? '')).headers.get('content-type')).toBe('image/png');
  });

  it("refuses durations outside each tier's range and resolutions it does not offer, charging nothing", async () => {
    const t = await newTenant({ credits: 100 });
    const tiers: [string, number, number, string][] = [
      ['videomodel-2-0-pro-260801', 4, 15, '480p'],
      ['videomodel-2-0-fast-260801', 4, 15, '480p, 720p'],
      ['videomodel-2-0-mini-260801', 4, 15, '480p, 720p'],
      ['videomodel-2-5-pro-260801', 4, 30, '720p, 1080p'],
      [H3, 4, 15, '768P, 2K'],
    ];
    for (const [model, min, max, offered] of tiers) {
      for (const duration of [min - 1, max + 1]) {
        const res = await submit(t.key, { prompt: 'x', model, duration });
        expect(res.status).toBe(400);
        expect(res.body.error).toContain(`duration: must be ${min}-${max} seconds for ${model}`);
      }
      const res = await submit(t.key, { prompt: 'x', model, resolution: '4K' });
      expect(res.status).toBe(400);
      expect(res.body.error).toContain(`resolution: ${model} offers ${offered}`);
    }
    const more: [Record<string, unknown>, RegExp][] = [
      [{ prompt: 'x', colour: 'red' }, /colour/],
      [{ prompt: 'x', duration: 5.5 }, /duration/],
      [{}, /exactly one of prompt or template_id/],
      [{ prompt: 'x', model: 'no-such-tier' }, /model: unknown video tier/],
      [{ prompt: 'x', ratio: '2:1' }, /ratio: must be one of/],
      [
        { prompt: 'x', images: Array.from({ length: 10 }, (_, i) => `${inject('apiBase')}/files/x${i}.png`) },
        /at most 9 images/,
      ],
      [{ prompt: 'x', images: ['https://example.com/a.png'] }, /images\[0\]: only files served by Studio/],
      [
        { prompt: 'x', model: 'videomodel-2-0-fast-260801', generate_audio: true },
        /No upstream currently available.*generated audio/,
      ],
    ];
    for (const [body, message] of more) {
      const res = await submit(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect(await balance(t.key)).toBe(100);
  });

  it('takes 0, 1, 2, 4 or 9 of your own images, refuses 10 at no cost, and refuses files of the wrong media type', async () => {
    const t = await newTenant({ credits: 2000 });
    const png = (await upload(inject('apiBase'), t.key, await sample('png'), { filename: 'a.png' })).body.url;
    const mp3 = (await upload(inject('apiBase'), t.key, await sample('mp3'), { filename: 'a.mp3' })).body.url;
    const mp4 = (await upload(inject('apiBase'), t.key, await sample('mp4'), { filename: 'a.mp4' })).body.url;
    const model = 'videomodel-2-5-pro-260801';
    for (const n of [0, 1, 2, 4, 9]) {
      const res = await submit(t.key, { prompt: 'x', model, images: Array.from({ length: n }, () => png) });
      expect(res.status, `${n} images`).toBe(200);
      const done = await waitTask(t.key, res.body.id);
      expect(done.error, `${n} images`).toBeNull();
      expect(done.job_status).toBe('done');
    }
    const before = await balance(t.key);
    const ten = await submit(t.key, { prompt: 'x', model, images: Array.from({ length: 10 }, () => png) });
    expect(ten.status).toBe(400);
    expect(ten.body.error).toMatch(/at most 9 images/);
    const wrong: [Record<string, unknown>, RegExp][] = [
      [{ images: [mp3] }, /images\[0\]: must be an image file/],
      [{ videos: [png] }, /videos\[0\]: must be a video file/],
      [{ audios: [mp4] }, /audios\[0\]: must be an audio file/],
    ];
    for (const [extra, message] of wrong) {
      const res = await submit(t.key, { prompt: 'x', model, ...extra });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    }
    const ok = await submit(t.key, { prompt: 'x', model, videos: [mp4], audios: [mp3] });
    expect(ok.status).toBe(200);
    expect(await balance(t.key)).toBe(before - 40);
  });

  it('fills a video template, its ratio and duration applying unless the caller gives its own', async () => {
    const t = await newTenant({ credits: 200 });
    const tpl = await api<{ template: { id: string } }>('/video-templates', {
      key: t.key,
      body: {
        zh_name: '模板视频',
        prompt_template: '{产品}慢慢旋转',
        generation_configs: [{ ratio: '9:16', duration: 8 }],
      },
    });
    expect(tpl.status).toBe(200);
    const a = await submit(t.key, { template_id: tpl.body.template.id, input: '茶杯', model: H3 });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect((await getTask(t.key, a.body.id)).body.task).toMatchObject({
      ratio: '9:16',
      duration: 8,
      template_id: tpl.body.template.id,
    });
    const b = await submit(t.key, {
      template_id: tpl.body.template.id,
      input: '茶杯',
      model: H3,
      ratio: '1:1',
      duration: 4,
    });
    expect((await getTask(t.key, b.body.id)).body.task).toMatchObject({ ratio: '1:1', duration: 4 });
  });

  it('answers a replayed Idempotency-Key with the same task and charges once', async () => {
    const t = await newTenant({ credits: 100 });
    const body = { prompt: 'once', model: H3, duration: 4 };
    const a = await submit(t.key, body, { 'idempotency-key': 'v-1' });
    const b = await submit(t.key, body, { 'idempotency-key': 'v-1' });
    expect(b.body.id).toBe(a.body.id);
    expect(await balance(t.key)).toBe(76);
    const other = await submit(t.key, { ...body, duration: 5 }, { 'idempotency-key': 'v-1' });
    expect(other.status).toBe(409);
  });
});
