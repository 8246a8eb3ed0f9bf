import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant, sim, waitForJob as waitFor, type Job } from '../helpers/api';

const generate = (key: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  api<{ ok: boolean; jobId: string; status: string; error?: string }>('/generate', { key, body, headers });

describe('image generation', () => {
  it('accepts a prompt at once, charges it, and delivers a real image at cdn_url', async () => {
    const t = await newTenant({ credits: 100 });
    const res = await generate(t.key, { prompt: '一只橘猫 on a windowsill', ratio: '3:4', quality: 'medium' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true, jobId: expect.any(String), status: 'pending' });
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 98 });

    const job = await waitFor(t.key, res.body.jobId);
    expect(job).toMatchObject({ status: 'done', error: null, jobId: res.body.jobId });
    expect(job.elapsed_ms).toBeGreaterThanOrEqual(0);
    expect(job.cdn_url).toMatch(new RegExp(`^${inject('apiBase')}/files/`));
    const file = await fetch(job.cdn_url ?? '');
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    // Exactly 3:4, whichever model made it (each has its own sizes; the result is cropped to the ratio).
    expect(Math.round(((meta.width ?? 0) * 4) / 3)).toBe(meta.height);
    // Nothing in the job tells which upstream served it.
    expect(JSON.stringify(job)).not.toMatch(/sim-|simulator|imagegen/);
  });

  it('delivers every ratio exactly on a model with three sizes (cropped) and on one with free sizes', async () => {
    const t = await newTenant({ credits: 1000 });
    const ratios = [
      '1:4',
      '1:3',
      '1:2',
      '9:16',
      '2:3',
      '3:4',
      '4:5',
      '1:1',
      '5:4',
      '4:3',
      '3:2',
      '16:9',
      '2:1',
      '21:9',
      '3:1',
      '4:1',
    ];
    // sim-image-a takes only 1024x1024, 1536x1024 and 1024x1536 (as gpt-image-1); imagegen-2 any size within gpt-image-2's rule.
    for (const model of ['sim-image-a', 'imagegen-2']) {
      const batch = await api<{ ok: boolean; jobs: { jobId: string }[] }>('/generate-batch', {
        key: t.key,
        body: { items: ratios.map((ratio) => ({ prompt: `海报 ${ratio}`, ratio, quality: 'low', model })) },
      });
      expect(batch.status).toBe(200);
      for (const [i, { jobId }] of batch.body.jobs.entries()) {
        const job = await waitFor(t.key, jobId);
        expect(job).toMatchObject({ status: 'done', reason: null });
        const meta = await sharp(Buffer.from(await (await fetch(job.cdn_url ?? '')).arrayBuffer())).metadata();
        const [a, b] = (ratios[i] ?? '').split(':').map(Number) as [number, number];
        expect(`${model} ${ratios[i]}: ${Math.round(((meta.width ?? 0) * b) / a)}`).toBe(
          `${model} ${ratios[i]}: ${meta.height}`,
        );
      }
    }
  });

  it('ends a job whose content the provider refused as the caller’s error: one attempt, refunded, no fallback', async () => {
    const t = await newTenant({ credits: 100 });
    await sim('/__sim/faults', { json: { channel: 'sim-image-a', fault: 'content_refused' } });
    await sim('/__sim/faults', { json: { channel: 'sim-image-b', fault: 'content_refused' } });
    try {
      const res = await generate(t.key, { prompt: 'something the provider refuses', model: 'imagegen-1' });
      const job = await waitFor(t.key, res.body.jobId);
      expect(job).toMatchObject({ status: 'failed', reason: 'content_refused' });
      expect(job.error).toMatch(/^The provider refused the content/);
      expect(job.error).not.toMatch(/sim-|simulator|moderation_blocked/);
      expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 100 });
      const attempts = await api<{ attempts: { channel: string; error_class: string; error_code: string }[] }>(
        '/admin',
        {
          key: adminKey(),
          body: { action: 'upstream-attempts', ref: res.body.jobId },
        },
      );
      expect(attempts.body.attempts).toEqual([
        expect.objectContaining({ error_class: 'refused', error_code: 'moderation_blocked' }),
      ]);
    } finally {
      await sim('/__sim/faults', { method: 'DELETE' });
    }
  });

  it('makes a transparent PNG with real alpha, and refuses transparency where no upstream has it', async () => {
    const t = await newTenant();
    const res = await generate(t.key, { prompt: 'product shot, transparent background', background: 'transparent' });
    const job = await waitFor(t.key, res.body.jobId);
    expect(job.status).toBe('done');
    const stats = await sharp(Buffer.from(await (await fetch(job.cdn_url ?? '')).arrayBuffer())).stats();
    expect(stats.channels).toHaveLength(4);
    expect(stats.channels[3]?.min).toBe(0);

    const refused = await generate(t.key, { prompt: 'logo', background: 'transparent', model: 'imagegen-2' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/No upstream currently available for transparent background/);
  });

  it('validates everything before accepting, and charges nothing for a refused request', async () => {
    const t = await newTenant({ credits: 50 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{}, /exactly one of prompt, skill_slug or template_id/],
      [{ prompt: 'a', skill_slug: 'b' }, /exactly one/],
      [{ prompt: 'a', quality: 'ultra' }, /quality/],
      [{ prompt: 'a', background: 'green' }, /background/],
      [{ prompt: 'a', ratio: '3x4' }, /ratio/],
      [{ prompt: 'a', ratio: '1:9' }, /ratio/],
      [{ prompt: 'a', callback_url: 'ftp://x.example/cb' }, /callback_url/],
      [{ prompt: 'a', image_url: `${inject('apiBase')}/files/x.png` }, /image_url and mask go together/],
      [{ prompt: 'a', mask: `${inject('apiBase')}/files/x.png` }, /image_url and mask go together/],
      [
        { prompt: 'a', reference_images: ['https://example.com/cat.png'] },
        /reference_images\[0\]: only files served by Studio/,
      ],
      [{ prompt: 'a', model: 'no-such-model' }, /Unknown image model/],
      [{ prompt: 'a', colour: 'red' }, /colour/],
    ];
    for (const [body, message] of cases) {
      const res = await generate(t.key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error, JSON.stringify(body)).toMatch(message);
    }
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 50 });
    expect((await api<{ jobs: unknown[] }>('/jobs', { key: t.key })).body.jobs).toHaveLength(0);
  });

  it('refuses every mask request while no upstream supports masks', async () => {
    const t = await newTenant();
    const first = await waitFor(t.key, (await generate(t.key, { prompt: 'base image' })).body.jobId);
    const res = await generate(t.key, { prompt: 'repaint the sky', image_url: first.cdn_url, mask: first.cdn_url });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/No upstream currently available for mask repaint/);
  });

  it('uses earlier results as reference images', async () => {
    const t = await newTenant();
    const first = await waitFor(t.key, (await generate(t.key, { prompt: 'a red chair' })).body.jobId);
    const second = await generate(t.key, { prompt: 'the same chair in blue', reference_images: [first.cdn_url] });
    expect(second.status).toBe(200);
    expect((await waitFor(t.key, second.body.jobId)).status).toBe('done');
    // Another tenant cannot use this tenant's files.
    const other = await newTenant();
    expect((await generate(other.key, { prompt: 'x', reference_images: [first.cdn_url] })).status).toBe(400);
  });

  it('answers 402 when credits run out, and queues nothing', async () => {
    const t = await newTenant({ credits: 5 });
    expect((await generate(t.key, { prompt: 'one', quality: 'high' })).status).toBe(200);
    const broke = await generate(t.key, { prompt: 'two', quality: 'high' });
    expect(broke.status).toBe(402);
    expect(broke.body.error).toMatch(/Not enough credits/);
    expect(broke.body).toMatchObject({ code: 'PAYMENT_REQUIRED', reason: 'insufficient_credits' });
    expect((await api<{ jobs: unknown[] }>('/jobs', { key: t.key })).body.jobs).toHaveLength(1);
  });

  it('fails and refunds when every upstream fails, with a note while a backup runs', async () => {
    const t = await newTenant({ credits: 100 });
    await sim('/__sim/faults', { json: { channel: 'sim-image-a', fault: 'server_error' } });
    await sim('/__sim/faults', { json: { channel: 'sim-image-b', fault: 'server_error' } });
    try {
      const res = await generate(t.key, { prompt: 'doomed', model: 'imagegen-1' });
      const job = await waitFor(t.key, res.body.jobId);
      expect(job.status).toBe('failed');
      expect(job.error).toMatch(/on every available upstream/);
      expect(job.reason).toBe('upstream_error');
      expect(job.error).not.toMatch(/sim-/);
      expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 100 });
    } finally {
      await sim('/__sim/faults', { method: 'DELETE' });
    }
  });

  it('falls back while pending and shows the note, then succeeds', async () => {
    const t = await newTenant({ credits: 1000 });
    // sim-image-a always fails; sim-image-b answers slowly, so a job that tried a first is seen pending on its backup.
    await sim('/__sim/faults', { json: { channel: 'sim-image-a', fault: 'server_error' } });
    await sim('/__sim/config', { json: { channel: 'sim-image-b', latency_ms: 1200 } });
    try {
      let noted: Job | null = null;
      // Which channel is tried first is a weighted random choice: submit until one job starts on sim-image-a.
      for (let i = 0; i < 20 && !noted; i++) {
        const res = await generate(t.key, { prompt: `resilient ${i}`, model: 'imagegen-1', quality: 'low' });
        const seen = await waitFor(t.key, res.body.jobId, (j) => j.note !== null || j.status !== 'pending');
        if (seen.note) {
          noted = seen;
          expect(seen.status).toBe('pending');
          expect(seen.note).toMatch(/backup channel 1\/1 is in use/);
          const done = await waitFor(t.key, res.body.jobId);
          expect(done.status).toBe('done');
          expect(done.note).toBeNull();
        } else {
          await waitFor(t.key, res.body.jobId);
        }
      }
      expect(noted).not.toBeNull();
    } finally {
      await sim('/__sim/config', { json: { channel: 'sim-image-b', latency_ms: 0 } });
      await sim('/__sim/faults', { method: 'DELETE' });
    }
  });

  it('returns the original job for a replayed Idempotency-Key, never a second charge', async () => {
    const t = await newTenant({ credits: 100 });
    const body = { prompt: 'once only', quality: 'low' };
    const a = await generate(t.key, body, { 'idempotency-key': 'order-1' });
    const b = await generate(t.key, body, { 'idempotency-key': 'order-1' });
    expect(b.body.jobId).toBe(a.body.jobId);
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 99 });
    const changed = await generate(t.key, { ...body, prompt: 'different' }, { 'idempotency-key': 'order-1' });
    expect(changed.status).toBe(409);
    const other = await generate(t.key, body, { 'idempotency-key': 'order-2' });
    expect(other.body.jobId).not.toBe(a.body.jobId);
  });

  it('accepts a batch of 32, validates it whole, and refuses 33', async () => {
    const t = await newTenant({ credits: 1000 });
    const items = Array.from({ length: 32 }, (_, i) => ({ prompt: `批量 ${i}`, quality: 'low' }));
    const res = await api<{ batch_id: string; jobs: { jobId: string }[] }>('/generate-batch', {
      key: t.key,
      body: { items },
    });
    expect(res.status).toBe(200);
    expect(res.body.jobs).toHaveLength(32);
    const done = await Promise.all(res.body.jobs.map((j) => waitFor(t.key, j.jobId)));
    expect(done.every((j) => j.status === 'done')).toBe(true);
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 1000 - 32 });

    const tooMany = await api('/generate-batch', { key: t.key, body: { items: [...items, { prompt: 'x' }] } });
    expect(tooMany.status).toBe(400);
    const oneBad = await api<{ error: string }>('/generate-batch', {
      key: t.key,
      body: { items: [{ prompt: 'ok' }, { prompt: 'bad', background: 'transparent', model: 'imagegen-2' }] },
    });
    expect(oneBad.status).toBe(400);
    expect(oneBad.body.error).toMatch(/items\[1\]/);
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 1000 - 32 });
  });

  it('limits a tenant to the hourly image rate with 429 and Retry-After, counting batch items', async () => {
    const t = await newTenant({ credits: 10_000 });
    const items = Array.from({ length: 32 }, () => ({ prompt: 'r', quality: 'low' }));
    for (let i = 0; i < 3; i++)
      expect((await api('/generate-batch', { key: t.key, body: { items } })).status).toBe(200);
    const rest = await api('/generate-batch', { key: t.key, body: { items: items.slice(0, 24) } });
    expect(rest.status).toBe(200);
    const over = await generate(t.key, { prompt: 'one too many' });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body.error).toMatch(/120/);
  });

  it('shows a tenant all its jobs, a member only its own, and another tenant nothing', async () => {
    const t = await newTenant();
    const m = await newMember(t.key);
    const mine = await generate(m.key, { prompt: 'member job', quality: 'low' });
    const tenants = await generate(t.key, { prompt: 'tenant job', quality: 'low' });
    const tenantList = await api<{ jobs: Job[] }>('/jobs', { key: t.key });
    expect(tenantList.body.jobs.map((j) => j.id).sort()).toEqual([mine.body.jobId, tenants.body.jobId].sort());
    const memberList = await api<{ jobs: Job[] }>('/jobs', { key: m.key });
    expect(memberList.body.jobs.map((j) => j.id)).toEqual([mine.body.jobId]);
    expect((await api(`/jobs?id=${tenants.body.jobId}`, { key: m.key })).status).toBe(404);
    const other = await newTenant();
    expect((await api(`/jobs?id=${mine.body.jobId}`, { key: other.key })).status).toBe(404);
    expect((await api('/jobs?id=not-a-uuid', { key: t.key })).status).toBe(400);
  });

  it('pages the job list newest first and filters by status', async () => {
    const t = await newTenant();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await generate(t.key, { prompt: `p${i}`, quality: 'low' })).body.jobId);
    await Promise.all(ids.map((id) => waitFor(t.key, id)));
    const page1 = await api<{ jobs: Job[]; next_cursor: string | null }>('/jobs?limit=2', { key: t.key });
    expect(page1.body.jobs.map((j) => j.id)).toEqual([ids[4], ids[3]]);
    const page2 = await api<{ jobs: Job[]; next_cursor: string | null }>(
      `/jobs?limit=2&cursor=${page1.body.next_cursor}`,
      { key: t.key },
    );
    expect(page2.body.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    const page3 = await api<{ jobs: Job[]; next_cursor: string | null }>(
      `/jobs?limit=2&cursor=${page2.body.next_cursor}`,
      { key: t.key },
    );
    expect(page3.body.jobs.map((j) => j.id)).toEqual([ids[0]]);
    expect(page3.body.next_cursor).toBeNull();
    expect((await api<{ jobs: Job[] }>('/jobs?status=failed', { key: t.key })).body.jobs).toHaveLength(0);
    expect((await api('/jobs?status=running', { key: t.key })).status).toBe(400);
    // A cursor not from an earlier page (here a forged one with a bad id) is the caller's mistake.
    const forged = Buffer.from(`${new Date().toISOString()}|not-a-uuid`).toString('base64url');
    const refused = await api<{ error: string }>(`/jobs?cursor=${forged}`, { key: t.key });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/cursor/);
  });

  it('spends a dedicated member’s own credits and a shared member’s pool', async () => {
    const t = await newTenant({ credits: 100 });
    const dedicated = await newMember(t.key, { credits: 10 });
    const shared = await newMember(t.key);
    await generate(dedicated.key, { prompt: 'd', quality: 'high' });
    await generate(shared.key, { prompt: 's', quality: 'high' });
    expect((await api('/balance', { key: dedicated.key })).body).toMatchObject({ credits: 6, pool: 'dedicated' });
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 100 - 10 - 4 });
    void adminKey;
  });
});
