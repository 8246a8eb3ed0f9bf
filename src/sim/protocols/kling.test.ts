import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channels';
import { SIM_KLING_CHANNEL, simKlingSecret } from '@/sim/channels-kling';
import { startSim, type RunningSim } from '@/sim/testing';

/**
 * The simulated Kling channel refuses what Kling refuses ("Kling AI API — Video Generation" request
 * tables, "General Information" → API authentication and Error Code), with Kling's codes.
 */

const CH = SIM_KLING_CHANNEL.name;
const ACCESS = simChannelKey(CH);
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_KLING_CHANNEL] });
});
afterAll(() => s.close());

const now = () => Math.floor(Date.now() / 1000);
async function token(opts: { secret?: string; exp?: number; nbf?: number; iss?: string } = {}): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(opts.iss ?? ACCESS)
    .setExpirationTime(opts.exp ?? now() + 1800)
    .setNotBefore(opts.nbf ?? now() - 5)
    .sign(new TextEncoder().encode(opts.secret ?? simKlingSecret(opts.iss ?? ACCESS)));
}

async function post(path: string, body: unknown, bearer?: string) {
  const res = await fetch(`${s.url}/${CH}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(bearer === '' ? {} : { authorization: `Bearer ${bearer ?? (await token())}` }),
    },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    body: (await res.json()) as { code: number; message: string; data?: { task_id: string } },
  };
}

const t2v = { model_name: 'kling-v1-6', prompt: 'a red kite', mode: 'std', aspect_ratio: '16:9', duration: '5' };
const i2v = { model_name: 'kling-v1-6', image: 'https://x.test/a.png', mode: 'pro', duration: '5' };

describe('the simulated Kling channel', () => {
  it('takes a valid token and answers a created task in Kling’s shape', async () => {
    const res = await post('/v1/videos/text2video', t2v);
    expect(res).toMatchObject({
      status: 200,
      body: { code: 0, message: 'SUCCEED', data: { task_status: 'submitted' } },
    });
    const id = res.body.data?.task_id ?? '';
    const got = await fetch(`${s.url}/${CH}/v1/videos/text2video/${id}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(((await got.json()) as { data: { task_id: string } }).data.task_id).toBe(id);
    // A task is read under the endpoint that created it.
    const other = await fetch(`${s.url}/${CH}/v1/videos/image2video/${id}`, {
      headers: { authorization: `Bearer ${await token()}` },
    });
    expect(other.status).toBe(404);
  });

  it('refuses a missing, badly signed, expired or not yet valid token with 401 and Kling’s codes', async () => {
    const codes = async (bearer: string) => {
      const r = await post('/v1/videos/text2video', t2v, bearer);
      return [r.status, r.body.code];
    };
    expect(await codes('')).toEqual([401, 1001]);
    expect(await codes(await token({ secret: 'wrong' }))).toEqual([401, 1002]);
    expect(await codes(await token({ exp: now() - 1 }))).toEqual([401, 1004]);
    expect(await codes(await token({ nbf: now() + 600 }))).toEqual([401, 1003]);
    // A valid token of another account's access key is not this channel's.
    expect(await codes(await token({ iss: 'someone-else' }))).toEqual([401, 1002]);
    expect(await codes('not-a-jwt')).toEqual([401, 1002]);
  });

  it('refuses what Kling refuses: durations, models, ratios, modes, a last frame where the model has none', async () => {
    const refused = async (path: string, body: unknown) => {
      const r = await post(path, body);
      return [r.status, r.body.code];
    };
    expect(await refused('/v1/videos/text2video', { ...t2v, duration: 5 })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/text2video', { ...t2v, duration: '7' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/text2video', { ...t2v, model_name: 'kling-v9' })).toEqual([404, 1203]);
    expect(await refused('/v1/videos/text2video', { ...t2v, aspect_ratio: '4:3' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/text2video', { ...t2v, mode: 'ultra' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/text2video', { ...t2v, prompt: '' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/text2video', { ...t2v, resolution: '720p' })).toEqual([400, 1201]);
    // kling-v2-1 is image to video only.
    expect(await refused('/v1/videos/text2video', { ...t2v, model_name: 'kling-v2-1' })).toEqual([400, 1201]);
    const tail = { ...i2v, image_tail: 'https://x.test/b.png' };
    expect(await refused('/v1/videos/image2video', { ...tail, model_name: 'kling-v2-master' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/image2video', { ...tail, mode: 'std' })).toEqual([400, 1201]);
    expect(await refused('/v1/videos/image2video', { ...i2v, image: 'data:image/png;base64,iVBORw==' })).toEqual([
      400, 1201,
    ]);
    expect(await refused('/v1/videos/image2video', { ...i2v, image: undefined })).toEqual([400, 1201]);
    expect((await post('/v1/videos/image2video', tail)).status).toBe(200);
    expect((await post('/v1/videos/image2video', { ...i2v, image: 'iVBORw0KGgo=' })).status).toBe(200);
  });
});
