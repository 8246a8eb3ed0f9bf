import { expect } from 'vitest';
import type { RunningSim } from '@/sim/testing';

/** What the simulator's video task tests share: the Ark task path, its shapes and the calls on it. */

export const TASKS = '/api/v3/contents/generations/tasks';

export interface Task {
  id: string;
  model: string;
  status: string;
  content?: { video_url: string; last_frame_url?: string };
  error: { code: string; message: string } | null;
  created_at: number;
  updated_at: number;
  usage?: { completion_tokens: number; total_tokens: number };
  duration: number;
  ratio: string;
  resolution: string;
}
export interface ArkError {
  error: { code: string; message: string; param: string; type: string };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Task calls on the running simulator `sim()` returns. */
export function taskCalls(sim: () => RunningSim) {
  const create = (channel: string, body: Record<string, unknown>): Promise<Response> =>
    sim().call(channel, TASKS, { json: body });
  async function createOk(channel: string, body: Record<string, unknown>): Promise<string> {
    const res = await create(channel, body);
    const json = (await res.json()) as { id?: string } & Partial<ArkError>;
    expect(res.status, JSON.stringify(json)).toBe(200);
    expect(json.id).toMatch(/^cgt-\d{14}-[a-z0-9]{6}$/);
    return json.id ?? '';
  }
  async function poll(channel: string, id: string): Promise<Task> {
    const res = await sim().call(channel, `${TASKS}/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as Task;
  }
  return { create, createOk, poll };
}
