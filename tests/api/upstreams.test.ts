import { describe, expect, it } from 'vitest';
import { adminKey, api, newTenant } from '../helpers/api';

interface Upstream {
  name: string;
  state: string;
  simulated: boolean;
  source: string;
  rating: number;
  score: number;
  media: string[];
  explanation: string;
}

const admin = (body: Record<string, unknown>) =>
  api<{ upstreams: Upstream[]; upstream: Upstream; bound_model: string | null; attempts: unknown[] }>('/admin', {
    key: adminKey(),
    body,
  });

describe('upstream operations', () => {
  it('registers the simulator channels when no upstream is configured, labelled as simulated', async () => {
    const res = await admin({ action: 'upstream-list' });
    expect(res.status).toBe(200);
    // Channels other files add in the console (and retire) are not the simulator's.
    const simulator = res.body.upstreams.filter((u) => u.source === 'simulator');
    const names = simulator.map((u) => u.name).sort();
    expect(names).toEqual([
      'sim-chat-a',
      'sim-chat-b',
      'sim-chat-lite',
      'sim-chat-reason',
      'sim-image-a',
      'sim-image-b',
      'sim-image-c',
      'sim-video-a',
      'sim-video-b',
    ]);
    for (const u of simulator) {
      expect(u.simulated).toBe(true);
      expect(u.state).toBe('active');
      expect(u.score).toBeGreaterThan(0);
      expect(u.explanation).toMatch(/^Eligible/);
    }
  });

  it('lets an operator disable, re-enable and rate an upstream', async () => {
    const off = await admin({ action: 'upstream-update', name: 'sim-image-c', enabled: false });
    expect(off.body.upstream).toMatchObject({ name: 'sim-image-c', state: 'disabled', enabled: false });
    expect(off.body.upstream.explanation).toMatch(/disabled by an operator/);
    const rated = await admin({ action: 'upstream-update', name: 'sim-image-c', enabled: true, rating: 5 });
    expect(rated.body.upstream).toMatchObject({ state: 'active', rating: 5 });
    const lower = await admin({ action: 'upstream-update', name: 'sim-image-c', rating: 1 });
    expect(lower.body.upstream.score).toBeLessThan(rated.body.upstream.score);
    await admin({ action: 'upstream-update', name: 'sim-image-c', rating: 3 });

    expect((await admin({ action: 'upstream-update', name: 'sim-image-c', rating: 6 })).status).toBe(400);
    expect((await admin({ action: 'upstream-update', name: 'sim-image-c' })).status).toBe(400);
    expect((await admin({ action: 'upstream-update', name: 'no-such', enabled: true })).status).toBe(404);
  });

  it('answers 400 for transparency once the operator disabled the only channel that has it, 503 once every image channel is off', async () => {
    const t = await newTenant();
    const generate = (body: Record<string, unknown>) => api<{ error: string }>('/generate', { key: t.key, body });
    const images = ['sim-image-a', 'sim-image-b', 'sim-image-c'];
    try {
      await admin({ action: 'upstream-update', name: 'sim-image-a', enabled: false });
      const refused = await generate({ prompt: 'logo', background: 'transparent' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatch(
        /^No upstream currently available for transparent background\. Retrying will not help/,
      );
      expect(refused.headers.get('retry-after')).toBeNull();

      for (const name of images) await admin({ action: 'upstream-update', name, enabled: false });
      const none = await generate({ prompt: 'logo', background: 'transparent' });
      expect(none.status).toBe(503);
      expect(none.body.error).toBe('No image upstream is available right now; retry in a few minutes');
    } finally {
      for (const name of images) await admin({ action: 'upstream-update', name, enabled: true });
    }
  });

  it('binds a tenant to a family or a channel and unbinds it', async () => {
    const t = await newTenant();
    expect((await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'imagegen-2' })).body).toMatchObject({
      ok: true,
      bound_model: 'imagegen-2',
    });
    expect((await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'sim-image-a' })).body.bound_model).toBe(
      'sim-image-a',
    );
    const bad = await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'gpt-nonexistent' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ ok: false });
    expect((await admin({ action: 'tenant-bind', tenant_id: t.id, model: null })).body.bound_model).toBeNull();
    expect(
      (await admin({ action: 'tenant-bind', tenant_id: '00000000-0000-4000-8000-000000000000', model: null })).status,
    ).toBe(404);
  });

  it('routes the very next submission of a bound tenant by its new binding, on a key already in use', async () => {
    const t = await newTenant({ credits: 100 });
    const transparent = () =>
      api<{ error: string }>('/generate', {
        key: t.key,
        body: { prompt: '透明背景的标志 logo', background: 'transparent', quality: 'low' },
      });
    // The key is in use (and so resolved and kept) before the binding changes.
    expect((await transparent()).status).toBe(200);
    // Bound to a channel without transparency: the next request is refused, naming the capability.
    await admin({ action: 'tenant-bind', tenant_id: t.id, model: 'sim-image-c' });
    const refused = await transparent();
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/transparent background/);
    await admin({ action: 'tenant-bind', tenant_id: t.id, model: null });
    expect((await transparent()).status).toBe(200);
  });

  it('keeps upstream operations away from tenant keys', async () => {
    const t = await newTenant();
    for (const action of ['upstream-list', 'upstream-attempts']) {
      const res = await api('/admin', { key: t.key, body: { action } });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toMatch(/sim-/);
    }
    expect((await admin({ action: 'upstream-attempts', limit: 5 })).status).toBe(200);
  });
});
