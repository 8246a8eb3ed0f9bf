import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIM_CHANNELS, SIM_DASHSCOPE_CHANNEL } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { I2I_PATH, T2I_PATH } from './dashscope';

/** The simulated DashScope channel: what it answers and refuses, its task lifecycle and its faults. */

const CH = SIM_DASHSCOPE_CHANNEL.name;
const ASYNC = { 'x-dashscope-async': 'enable' };
let s: RunningSim;
beforeAll(async () => {
  s = await startSim({ channels: [...SIM_CHANNELS, SIM_DASHSCOPE_CHANNEL] });
});
afterAll(() => s.close());

const t2i = (body: Record<string, unknown>, headers: Record<string, string> = ASYNC) =>
  s.call(CH, T2I_PATH, { headers, json: body });
const wan = (parameters: Record<string, unknown> = { size: '1024*768', n: 1 }) => ({
  model: 'wan2.2-t2i-flash',
  input: { prompt: '一只橘猫' },
  parameters,
});
const poll = async (id: string) =>
  (await (await s.call(CH, `/api/v1/tasks/${id}`)).json()) as {
    output: { task_status: string; results?: { url: string }[]; code?: string };
    usage?: { image_count: number };
  };
const arm = async (body: Record<string, unknown>) =>
  expect((await s.control('/__sim/faults', { json: { channel: CH, times: 1, ...body } })).status).toBe(200);

describe('DashScope image tasks in the simulator', () => {
  it('creates a PENDING task that ends SUCCEEDED with a PNG of the size asked, served by URL', async () => {
    const res = await t2i(wan());
    expect(res.status).toBe(200);
    const created = (await res.json()) as { request_id: string; output: { task_id: string; task_status: string } };
    expect(created).toEqual({
      request_id: expect.any(String),
      output: { task_id: expect.any(String), task_status: 'PENDING' },
    });
    const done = await poll(created.output.task_id);
    expect(done.output.task_status).toBe('SUCCEEDED');
    expect(done.usage).toEqual({ image_count: 1 });
    const file = await fetch(done.output.results?.[0]?.url ?? '');
    expect(file.headers.get('content-type')).toBe('image/png');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 768]);
  });

  it('refuses what DashScope refuses, in its error shape', async () => {
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    expect(await refusal(await t2i(wan(), {}))).toEqual([403, 'AccessDenied']);
    expect(await refusal(await t2i({ ...wan(), foo: 1 }))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await t2i(wan({ size: '1024*768', style: '<auto>' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await t2i(wan({ size: '1024x768' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await t2i(wan({ size: '2048*2048' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await t2i(wan({ size: '400*1024' })))).toEqual([400, 'InvalidParameter']);
    const qwen = { model: 'qwen-image-plus', input: { prompt: 'p' } };
    expect(await refusal(await t2i({ ...qwen, parameters: { size: '1024*1024' } }))).toEqual([400, 'InvalidParameter']);
    expect((await t2i({ ...qwen, parameters: { size: '1664*928' } })).status).toBe(200);
    expect(await refusal(await t2i({ ...qwen, model: 'wan2.5-i2i-preview' }))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await t2i({ ...qwen, model: 'nope' }))).toEqual([404, 'ModelNotFound']);
    const bad = await s.call(CH, T2I_PATH, { headers: { ...ASYNC, authorization: 'Bearer wrong' }, json: wan() });
    expect(await refusal(bad)).toEqual([401, 'InvalidApiKey']);
  });

  it('edits with reference images given as data URIs (at most three)', async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#c33' } })
      .png()
      .toBuffer();
    const uri = `data:image/png;base64,${png.toString('base64')}`;
    const edit = (images: unknown[]) =>
      s.call(CH, I2I_PATH, {
        headers: ASYNC,
        json: {
          model: 'wan2.5-i2i-preview',
          input: { prompt: '换成水彩', images },
          parameters: { size: '1024*1024', n: 1 },
        },
      });
    const ok = (await (await edit([uri, 'https://example.com/a.jpg'])).json()) as { output: { task_id: string } };
    expect((await poll(ok.output.task_id)).output.task_status).toBe('SUCCEEDED');
    expect((await edit([uri, uri, uri, uri])).status).toBe(400);
    expect((await edit(['data:image/png;base64,AAAA'])).status).toBe(400);
    expect((await edit([])).status).toBe(400);
  });

  it('fails a task with the armed code, keeps a never-finishing one PENDING until cancelled, and refuses other cancels', async () => {
    await arm({ fault: 'task_failed', code: 'DataInspectionFailed' });
    const failed = (await (await t2i(wan())).json()) as { output: { task_id: string } };
    expect((await poll(failed.output.task_id)).output).toMatchObject({
      task_status: 'FAILED',
      code: 'DataInspectionFailed',
    });
    const cancelRefused = await s.call(CH, `/api/v1/tasks/${failed.output.task_id}/cancel`, { method: 'POST' });
    expect([cancelRefused.status, ((await cancelRefused.json()) as { code: string }).code]).toEqual([
      400,
      'UnsupportedOperation',
    ]);

    await arm({ fault: 'task_never_finishes' });
    const stuck = (await (await t2i(wan())).json()) as { output: { task_id: string } };
    expect((await poll(stuck.output.task_id)).output.task_status).toBe('PENDING');
    expect((await s.call(CH, `/api/v1/tasks/${stuck.output.task_id}/cancel`, { method: 'POST' })).status).toBe(200);
    expect((await poll(stuck.output.task_id)).output.task_status).toBe('CANCELED');
    expect((await poll('no-such-task')).output.task_status).toBe('UNKNOWN');
  });

  it('answers the error faults in DashScope’s shape and lists tasks', async () => {
    const codeOf = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    await arm({ fault: 'rate_limit', retry_after_s: 2 });
    const limited = await t2i(wan());
    expect(limited.headers.get('retry-after')).toBe('2');
    expect(await codeOf(limited)).toEqual([429, 'Throttling.RateQuota']);
    await arm({ fault: 'unpaid' });
    expect(await codeOf(await t2i(wan()))).toEqual([400, 'Arrearage']);
    await arm({ fault: 'content_refused' });
    expect(await codeOf(await t2i(wan()))).toEqual([400, 'DataInspectionFailed']);
    await arm({ fault: 'server_error' });
    expect(await codeOf(await t2i(wan()))).toEqual([500, 'InternalError']);
    const list = (await (await s.call(CH, '/api/v1/tasks?page_no=1&page_size=1')).json()) as {
      data: unknown[];
      total: number;
    };
    expect(list.data).toHaveLength(1);
    expect(list.total).toBeGreaterThan(1);
    const wrong = await s.control('/__sim/faults', { json: { channel: CH, fault: 'wrong_duration' } });
    expect(wrong.status).toBe(400);
  });

  it('takes Wan 2.1 image editing as a task with a function and a base image, and refuses the rest', async () => {
    const i2i = (body: Record<string, unknown>) => s.call(CH, I2I_PATH, { headers: ASYNC, json: body });
    const refusal = async (res: Response) => [res.status, ((await res.json()) as { code: string }).code];
    const base = 'http://wanx.alicdn.com/material/20250318/stylization_all_1.jpeg';
    const wanx = (input: Record<string, unknown>, parameters: Record<string, unknown> = { n: 1 }) => ({
      model: 'wanx2.1-imageedit',
      input: { function: 'description_edit', prompt: '戴上墨镜', base_image_url: base, ...input },
      parameters,
    });
    const created = (await (await i2i(wanx({}))).json()) as { output: { task_id: string } };
    expect((await poll(created.output.task_id)).output.task_status).toBe('SUCCEEDED');
    expect(await refusal(await i2i(wanx({}, { size: '1024*1024' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await i2i(wanx({ function: 'paint' })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await i2i(wanx({ base_image_url: undefined })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await i2i(wanx({ images: [base] })))).toEqual([400, 'InvalidParameter']);
    expect(await refusal(await i2i(wanx({ function: 'description_edit_with_mask' })))).toEqual([
      400,
      'InvalidParameter',
    ]);
    expect(await refusal(await t2i(wanx({})))).toEqual([400, 'InvalidParameter']);
  });
});
