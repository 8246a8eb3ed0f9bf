import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_DASHSCOPE_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { I2I_PATH } from './dashscope';
import { EDIT_PATH } from './dashscope-edit';

/**
 * The simulated Qwen-Image-Edit call (Alibaba Cloud Model Studio, "Qwen - image editing API reference",
 * HTTP, single-image editing): what it answers and what it refuses, in DashScope's error shape.
 */

const CH = SIM_DASHSCOPE_CHANNEL.name;
let s: RunningSim;
let photo: string;
beforeAll(async () => {
  s = await startSim({ channels: [SIM_DASHSCOPE_CHANNEL] });
  const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3366aa' } })
    .png()
    .toBuffer();
  photo = `data:image/png;base64,${png.toString('base64')}`;
});
afterAll(() => s.close());

const edit = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  s.call(CH, EDIT_PATH, { headers, json: body });
const message = (content: unknown[]) => ({ messages: [{ role: 'user', content }] });
const plus = (parameters: Record<string, unknown> = { n: 1, size: '1024*768', watermark: false }, image = photo) => ({
  model: 'qwen-image-edit-plus',
  input: message([{ image }, { text: '把背景换成雪山' }]),
  parameters,
});
const refusal = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];

describe('Qwen-Image-Edit in the simulator', () => {
  it('answers at once with the edited PNG by URL, of the size asked', async () => {
    const res = await edit(plus());
    expect(res.status).toBe(200);
    const answer = (await res.json()) as {
      output: { choices: { finish_reason: string; message: { role: string; content: { image: string }[] } }[] };
      usage: Record<string, number>;
      request_id: string;
    };
    expect(answer.output.choices[0]?.finish_reason).toBe('stop');
    expect(answer.output.choices[0]?.message.role).toBe('assistant');
    expect(answer.usage).toEqual({ width: 1024, height: 768, image_count: 1 });
    const file = await fetch(answer.output.choices[0]?.message.content[0]?.image ?? '');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 768]);
  });

  it('answers qwen-image-edit in the shape of its input image, about a megapixel', async () => {
    const res = await edit({
      model: 'qwen-image-edit',
      input: message([{ image: photo }, { text: '加一只猫' }]),
      parameters: { watermark: false },
    });
    expect(res.status).toBe(200);
    const { usage } = (await res.json()) as { usage: { width: number; height: number } };
    expect(usage.width / usage.height).toBeCloseTo(600 / 400, 1);
    expect(usage.width * usage.height).toBeGreaterThan(0.9 * 1024 * 1024);
    expect(usage.width * usage.height).toBeLessThan(1.1 * 1024 * 1024);
  });

  it('refuses what DashScope refuses', async () => {
    // Synchronous only: the asynchronous header is refused.
    expect(await refusal(await edit(plus(), { 'x-dashscope-async': 'enable' }))).toEqual([403, 'AccessDenied']);
    // An edit without an image, with two texts, or with an image that is not one.
    const noImage = { ...plus(), input: message([{ text: '把背景换成雪山' }]) };
    expect(await refusal(await edit(noImage))).toEqual([400, 'InvalidParameter']);
    const twoTexts = { ...plus(), input: message([{ image: photo }, { text: 'a' }, { text: 'b' }]) };
    expect(await refusal(await edit(twoTexts))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await edit(plus(undefined, 'data:image/png;base64,bm90IGFuIGltYWdl')))).toEqual([
      400,
      'InvalidParameter',
    ]);
    const four = { ...plus(), input: message([...Array(4).fill({ image: photo }), { text: 't' }]) };
    expect(await refusal(await edit(four))).toEqual([400, 'InvalidParameter']);
    // Unknown parameters, and sizes the model does not take (qwen-image-edit takes no size at all).
    expect(await refusal(await edit({ ...plus(), foo: 1 }))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await edit(plus({ style: 'x' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await edit(plus({ size: '4096*1024' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await edit(plus({ size: '1024x768' })))).toEqual([400, 'InvalidParameter']);
    const sized = { model: 'qwen-image-edit', input: message([{ image: photo }, { text: 't' }]) };
    expect(await refusal(await edit({ ...sized, parameters: { size: '1024*1024' } }))).toEqual([
      400,
      'InvalidParameter',
    ]);
    expect(await refusal(await edit({ ...sized, parameters: { n: 1 } }))).toEqual([400, 'InvalidParameter']);
    // A text-to-image model here, or this model on the task endpoint.
    expect(await refusal(await edit({ ...plus(), model: 'wan2.2-t2i-flash' }))).toEqual([400, 'InvalidParameter']);
    const onTasks = await s.call(CH, I2I_PATH, {
      headers: { 'x-dashscope-async': 'enable' },
      json: { model: 'qwen-image-edit-plus', input: { prompt: 'p', images: [photo] } },
    });
    expect(await refusal(onTasks)).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await edit({ ...plus(), model: 'qwen-image-edit-turbo' }))).toEqual([404, 'ModelNotFound']);
  });

  it('refuses content its moderation flags, and can answer a broken image', async () => {
    await s.control('/__sim/faults', { json: { channel: CH, fault: 'content_refused', times: 1 } });
    expect(await refusal(await edit(plus()))).toEqual([400, 'DataInspectionFailed']);
    await s.control('/__sim/faults', { json: { channel: CH, fault: 'bad_output', times: 1 } });
    const answer = (await (await edit(plus())).json()) as {
      output: { choices: { message: { content: { image: string }[] } }[] };
    };
    const bytes = Buffer.from(
      await (await fetch(answer.output.choices[0]?.message.content[0]?.image ?? '')).arrayBuffer(),
    );
    await expect(sharp(bytes).stats()).rejects.toThrow();
  });

  it('answers the task faults of a call that is its own task: the failure’s code, or no answer at all', async () => {
    await s.control('/__sim/faults', {
      json: { channel: CH, fault: 'task_failed', code: 'IPInfringementSuspect', times: 1 },
    });
    expect(await refusal(await edit(plus()))).toEqual([400, 'IPInfringementSuspect']);
    await s.control('/__sim/faults', { json: { channel: CH, fault: 'task_failed', times: 1 } });
    expect(await refusal(await edit(plus()))).toEqual([500, 'InternalError']);
    await s.control('/__sim/faults', { json: { channel: CH, fault: 'task_never_finishes', times: 1 } });
    const res = fetch(`${s.url}/${CH}${EDIT_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer sim-key-${CH}`, 'content-type': 'application/json' },
      body: JSON.stringify(plus()),
      signal: AbortSignal.timeout(500),
    });
    await expect(res).rejects.toThrow();
  });
});
