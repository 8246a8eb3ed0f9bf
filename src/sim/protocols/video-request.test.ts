import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { videoTaskBody } from '@/server/upstreams/providers/ark-video/ark-video';
import { SIM_CHANNELS, type SimVideoChannel } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { taskCalls, type ArkError } from './video-test-kit';

/** The Ark simulator refuses malformed task creations as Ark does, and fails tasks with a chosen Ark error code. */

let s: RunningSim;
beforeAll(async () => {
  s = await startSim();
});
afterAll(async () => {
  await s.close();
});
afterEach(async () => {
  await s.control('/__sim/reset', { method: 'POST' });
});
const { create, createOk, poll } = taskCalls(() => s);

const MODEL = 'videomodel-2-5-pro-260801';
const text = (t: string) => ({ type: 'text', text: t });

async function refused(body: Record<string, unknown>): Promise<ArkError['error']> {
  const res = await create('sim-video-a', body);
  const json = (await res.json()) as ArkError;
  expect(res.status, JSON.stringify(body)).toBe(400);
  return json.error;
}

describe('task creation shape', () => {
  it('refuses unknown top-level fields, wrongly typed ones, unknown content types and unknown item fields with 400 InvalidParameter', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ model: MODEL, content: [text('x')], fps: 24 }, 'fps'],
      [{ model: MODEL, content: [text('x')], prompt: 'x' }, 'prompt'],
      [{ model: MODEL, content: [text('x')], framespersecond: 24 }, 'framespersecond'],
      [{ model: MODEL, content: [text('x')], duration: '5' }, 'duration'],
      [{ model: MODEL, content: [text('x')], ratio: 16 }, 'ratio'],
      [{ model: MODEL, content: [text('x')], watermark: 'no' }, 'watermark'],
      [{ model: MODEL, content: [text('x'), { type: 'image', url: 'https://x.test/a.png' }] }, 'content[1].type'],
      [{ model: MODEL, content: [{ type: 'draft_task', draft_task: { id: 'cgt-1' } }] }, 'content[0].type'],
      [{ model: MODEL, content: [{ ...text('x'), role: 'prompt' }] }, 'content[0].role'],
      [
        {
          model: MODEL,
          content: [
            text('x'),
            { type: 'image_url', image_url: { url: 'https://x.test/a.png' }, role: 'first_frame', detail: 'high' },
          ],
        },
        'content[1].detail',
      ],
    ];
    for (const [body, param] of cases) {
      const err = await refused(body);
      expect(err, param).toMatchObject({ code: 'InvalidParameter', param, type: 'BadRequest' });
      expect(err.message).toContain(param);
    }
    const seen = (await (await s.control('/__sim/video-tasks?limit=100')).json()) as { tasks: unknown[] };
    expect(seen.tasks).toHaveLength(0);
  });

  it("takes the adapter's body for every tier, resolution and ratio, and honours its top-level fields", async () => {
    const channels = SIM_CHANNELS.filter((c): c is SimVideoChannel => c.adapter === 'ark-video');
    for (const channel of channels) {
      for (const tier of channel.capabilities.tiers) {
        for (const resolution of tier.resolutions) {
          for (const ratio of tier.ratios.filter((r) => r !== 'adaptive')) {
            const duration = tier.durationSec.max;
            const id = await createOk(
              channel.name,
              videoTaskBody(tier.model, { prompt: 'a kite', duration, ratio, resolution, returnLastFrame: true }),
            );
            expect(await poll(channel.name, id), `${channel.name} ${tier.model} ${resolution} ${ratio}`).toMatchObject({
              status: 'succeeded',
              duration,
              ratio,
              resolution,
            });
          }
        }
      }
    }
  });
});

describe('task_failed with an Ark error code', () => {
  it('fails the task with the code armed, and InternalServiceError by default', async () => {
    const arm = await s.control('/__sim/faults', {
      json: { channel: 'sim-video-a', fault: 'task_failed', times: 1, code: 'OutputVideoSensitiveContentDetected' },
    });
    expect(arm.status).toBe(200);
    expect(((await arm.json()) as { faults: { code: string | null }[] }).faults[0]?.code).toBe(
      'OutputVideoSensitiveContentDetected',
    );
    const refusedId = await createOk('sim-video-a', { model: MODEL, content: [text('x')] });
    expect(await poll('sim-video-a', refusedId)).toMatchObject({
      status: 'failed',
      error: {
        code: 'OutputVideoSensitiveContentDetected',
        message: 'The request failed because the output video may contain sensitive information.',
      },
    });
    const view = (await (await s.control(`/__sim/video-tasks/${refusedId}`)).json()) as {
      fault: string;
      fail_code: string;
    };
    expect(view).toMatchObject({ fault: 'task_failed', fail_code: 'OutputVideoSensitiveContentDetected' });

    await s.control('/__sim/faults', {
      json: {
        channel: 'sim-video-a',
        fault: 'task_failed',
        times: 1,
        code: 'InputImageSensitiveContentDetected.PrivacyInformation',
      },
    });
    const detailed = await createOk('sim-video-a', { model: MODEL, content: [text('x')] });
    expect((await poll('sim-video-a', detailed)).error).toEqual({
      code: 'InputImageSensitiveContentDetected.PrivacyInformation',
      message: 'The request failed because the input image may contain sensitive information.',
    });

    await s.control('/__sim/faults', { json: { channel: 'sim-video-a', fault: 'task_failed', times: 1 } });
    const plain = await createOk('sim-video-a', { model: MODEL, content: [text('x')] });
    expect((await poll('sim-video-a', plain)).error?.code).toBe('InternalServiceError');
  });

  it('refuses a code on another fault and a malformed code', async () => {
    for (const body of [
      { channel: 'sim-video-a', fault: 'server_error', code: 'InternalServiceError' },
      { channel: 'sim-video-a', fault: 'task_failed', code: 'not a code' },
    ]) {
      const res = await s.control('/__sim/faults', { json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/code/);
    }
  });
});
