import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyDashScope, dashScopeError, taskStateOf, type DashScopeTaskAnswer } from './dashscope-answer';
import { qwenEditState, type QwenEditAnswer } from './dashscope-edit';

/**
 * Answers and error bodies written after Alibaba Cloud Model Studio's API reference (no official Node
 * client; checked against the Python SDK `dashscope` 1.26.2's field names): tests/fixtures/dashscope/README.md names each page.
 */
const dir = join(process.cwd(), 'tests/fixtures/dashscope');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented DashScope task answers through the adapter', () => {
  it('reads a created task as queued, under its id', () => {
    expect(taskStateOf(fixture<DashScopeTaskAnswer>('task-created.json'), 'x')).toEqual({
      id: '0385dc79-5ff8-4d82-bcb6-xxxxxx',
      status: 'queued',
      image: null,
      error: null,
    });
  });

  it('reads a succeeded task’s result URL', () => {
    expect(taskStateOf(fixture<DashScopeTaskAnswer>('task-succeeded.json'), 'x')).toEqual({
      id: 'd492bffd-10b5-4169-b639-xxxxxx',
      status: 'succeeded',
      image: { url: 'https://dashscope-result-wlcb.oss-cn-wulanchabu.aliyuncs.com/1.png' },
      error: null,
    });
  });

  it('takes the result that has a URL when another result of the task failed', () => {
    const state = taskStateOf(fixture<DashScopeTaskAnswer>('task-partial.json'), 'x');
    expect(state.image).toEqual({ url: 'https://dashscope-result-bj.oss-cn-beijing.aliyuncs.com/2.png' });
    // With only the failed result left, the task is that result's failure, classified by its code.
    const only = fixture<DashScopeTaskAnswer>('task-partial.json');
    only.output?.results?.pop();
    expect(taskStateOf(only, 'x')).toMatchObject({
      status: 'failed',
      error: { code: 'InternalError.Timeout', errorClass: 'server_error' },
    });
  });

  it('reads a failed task’s code and message, and an UNKNOWN (expired) task as the provider’s failure', () => {
    expect(taskStateOf(fixture<DashScopeTaskAnswer>('task-failed.json'), 'x')).toEqual({
      id: '86ecf553-d340-4e21-af6e-a0c6a421c010',
      status: 'failed',
      image: null,
      error: { code: 'InvalidParameter', message: 'The size is not match xxxxxx', errorClass: 'bad_request' },
    });
    expect(taskStateOf(fixture<DashScopeTaskAnswer>('task-unknown.json'), 'x')).toMatchObject({
      status: 'failed',
      error: { code: 'UNKNOWN', errorClass: 'server_error' },
    });
    const refused = fixture<DashScopeTaskAnswer>('task-failed.json');
    if (refused.output) refused.output.code = 'DataInspectionFailed';
    expect(taskStateOf(refused, 'x').error?.errorClass).toBe('refused');
  });

  it('classifies every documented error by its code, keeping the code verbatim', () => {
    const errors = fixture<{ status: number; class: string; body: { code: string } }[]>('errors.json');
    expect(errors).toHaveLength(15);
    for (const e of errors) {
      expect(classifyDashScope(e.status, e.body), e.body.code).toBe(e.class);
      expect(dashScopeError(e.status, e.body)).toMatchObject({
        errorClass: e.class,
        code: e.body.code,
        status: e.status,
      });
    }
    // Without a body the status decides; a moderation code on a 5xx is the provider's failure, not the caller's.
    expect(classifyDashScope(429, null)).toBe('rate_limit');
    expect(classifyDashScope(401, null)).toBe('invalid_key');
    expect(classifyDashScope(503, null)).toBe('server_error');
    expect(classifyDashScope(500, { code: 'DataInspectionFailed' })).toBe('server_error');
  });

  it('reads a Qwen-Image-Edit answer as a finished task with its first image', () => {
    expect(qwenEditState(fixture<QwenEditAnswer>('edit-succeeded.json'))).toEqual({
      id: 'bf37ca26-0abe-98e4-8065-xxxxxx',
      status: 'succeeded',
      image: { url: 'https://dashscope-result-sz.oss-cn-shenzhen.aliyuncs.com/xxx-1.png?Expires=xxx' },
      error: null,
    });
    const empty = fixture<QwenEditAnswer>('edit-succeeded.json');
    empty.output = { choices: [{ finish_reason: 'stop', message: { role: 'assistant', content: [] } }] };
    expect(() => qwenEditState(empty)).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
  });
});
