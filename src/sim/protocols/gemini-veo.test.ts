import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simChannelKey } from '@/sim/channels';
import { SIM_GEMINI_VEO_CHANNEL } from '@/sim/channels-gemini-veo';
import { startSim, type RunningSim } from '@/sim/testing';

/**
 * The simulated Veo channel refuses what the Gemini API refuses (ai.google.dev/gemini-api/docs/video,
 * and @google/genai 2.32.0, which sends no generateAudio, seed or gcsUri outside Vertex AI), in
 * Google's error object.
 */

const CH = SIM_GEMINI_VEO_CHANNEL.name;
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_GEMINI_VEO_CHANNEL] });
});
afterAll(() => s.close());

async function predict(model: string, body: unknown, key = simChannelKey(CH)) {
  const res = await fetch(`${s.url}/${CH}/v1beta/models/${model}:predictLongRunning`, {
    method: 'POST',
    headers: { 'x-goog-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return {
    status: res.status,
    json: (await res.json()) as { name?: string; error?: { status?: string; message?: string } },
  };
}

const prompt = { instances: [{ prompt: 'rain on a window' }] };

describe('the simulated Veo channel', () => {
  it('starts an operation named under its model for a valid request', async () => {
    const ok = await predict('veo-3.0-generate-001', {
      ...prompt,
      parameters: { durationSeconds: 4, aspectRatio: '9:16' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.name).toMatch(/^models\/veo-3\.0-generate-001\/operations\/[a-z0-9]+$/);
  });

  it.each([
    [
      'generateAudio, which the Gemini API has no field for',
      'veo-3.0-generate-001',
      { ...prompt, parameters: { generateAudio: true } },
    ],
    ['seed (Vertex AI only)', 'veo-3.0-generate-001', { ...prompt, parameters: { seed: 1 } }],
    ['durationSeconds as a string', 'veo-3.0-generate-001', { ...prompt, parameters: { durationSeconds: '8' } }],
    ['5 seconds on Veo 3', 'veo-3.0-generate-001', { ...prompt, parameters: { durationSeconds: 5 } }],
    [
      '1080p below 8 seconds',
      'veo-3.1-generate-preview',
      { ...prompt, parameters: { durationSeconds: 6, resolution: '1080p' } },
    ],
    [
      'a resolution on Veo 2',
      'veo-2.0-generate-001',
      { ...prompt, parameters: { durationSeconds: 5, resolution: '720p' } },
    ],
    ['a 1:1 ratio', 'veo-3.0-generate-001', { ...prompt, parameters: { aspectRatio: '1:1' } }],
    ['no prompt and no image', 'veo-3.0-generate-001', { instances: [{}] }],
    ['two instances', 'veo-3.0-generate-001', { instances: [{ prompt: 'a' }, { prompt: 'b' }] }],
    [
      'a last frame on Veo 3',
      'veo-3.0-generate-001',
      { instances: [{ prompt: 'a', lastFrame: { bytesBase64Encoded: 'iVBORw0KGgo=', mimeType: 'image/png' } }] },
    ],
    [
      'an image by gcsUri',
      'veo-3.1-generate-preview',
      { instances: [{ prompt: 'a', image: { gcsUri: 'gs://b/a.png', mimeType: 'image/png' } }] },
    ],
    [
      'an image that does not decode',
      'veo-3.1-generate-preview',
      { instances: [{ prompt: 'a', image: { bytesBase64Encoded: 'aGVsbG8=', mimeType: 'image/png' } }] },
    ],
  ])('refuses %s with INVALID_ARGUMENT', async (_what, model, body) => {
    const res = await predict(model, body);
    expect(res.status).toBe(400);
    expect(res.json.error?.status).toBe('INVALID_ARGUMENT');
  });

  it('answers NOT_FOUND for a model and an operation it does not have, and refuses a wrong key', async () => {
    expect((await predict('veo-9', prompt)).json.error?.status).toBe('NOT_FOUND');
    const op = await fetch(`${s.url}/${CH}/v1beta/models/veo-3.0-generate-001/operations/zzz`, {
      headers: { 'x-goog-api-key': simChannelKey(CH) },
    });
    expect(op.status).toBe(404);
    const wrong = await predict('veo-3.0-generate-001', prompt, 'nope');
    expect(wrong.json.error?.message).toMatch(/API key not valid/);
  });
});
