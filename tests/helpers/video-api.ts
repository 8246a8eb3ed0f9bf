import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { api, sim } from './api';

/**
 * What the /api/videos test files (tests/api/videos*.test.ts) share: the task as the API answers it,
 * submitting, reading and waiting for a task, and a receiver for its callbacks.
 */

export interface Task {
  id: string;
  task_id: string;
  job_status: string;
  state: string;
  model: string;
  ratio: string;
  duration: number;
  resolution: string;
  template_id: string | null;
  video_url: string | null;
  cover_url: string | null;
  error: string | null;
  reason: string | null;
  note: string | null;
  credits: number;
}
export interface Page {
  ok: boolean;
  tasks: Task[];
  page_num: number;
  page_size: number;
  total: number;
  error?: string;
}

export const H3 = 'videomodel-H3';
export const submit = (
  key: string,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  base?: string,
) =>
  api<{ ok: boolean; id: string; task_id: string; jobId: string; status: string; state: string; error?: string }>(
    '/videos',
    {
      key,
      body,
      headers,
      ...(base ? { base } : {}),
    },
  );
export const getTask = (key: string, id: string) =>
  api<{ ok: boolean; task: Task; error?: string }>(`/videos?id=${id}`, { key });
export const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;

export async function waitTask(
  key: string,
  id: string,
  until: (t: Task) => boolean = (t) => t.job_status !== 'pending',
): Promise<Task> {
  for (let i = 0; i < 200; i++) {
    const res = await getTask(key, id);
    if (res.status === 200 && until(res.body.task)) return res.body.task;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`video task ${id} did not reach the state`);
}

/** A callback receiver for the file's tasks; the simulator is reset after each test. */
export function videoApiSuite() {
  const callbacks: { body: Record<string, unknown> }[] = [];
  const receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      callbacks.push({ body: JSON.parse(text) as Record<string, unknown> });
      res.end('ok');
    });
  });
  let receiverUrl = '';

  beforeAll(async () => {
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/cb`;
  });
  afterAll(async () => {
    await new Promise((r) => receiver.close(r));
  });
  afterEach(async () => {
    await sim('/__sim/reset', { method: 'POST' });
  });
  return {
    callbacks,
    get receiverUrl() {
      return receiverUrl;
    },
  };
}
