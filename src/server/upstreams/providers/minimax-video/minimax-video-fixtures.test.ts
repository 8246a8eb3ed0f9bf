import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classifyMiniMax,
  minimaxError,
  minimaxFailureClass,
  minimaxTaskState,
  type MiniMaxQuery,
  type MiniMaxRetrieved,
} from './minimax-video-answer';

/**
 * Answers and error bodies written after MiniMax's public API reference, "Video Generation" (query) and
 * "File Management" (retrieve), with the error code table (no official Node client):
 * tests/fixtures/minimax-video/README.md names each page.
 */
const dir = join(process.cwd(), 'tests/fixtures/minimax-video');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented MiniMax answers through the adapter', () => {
  it('reads Preparing and Queueing as queued, Processing as running', () => {
    const processing = fixture<MiniMaxQuery>('task-processing.json');
    expect(minimaxTaskState(processing, '106916112212032', null)).toEqual({
      id: '106916112212032',
      status: 'running',
      videoUrl: null,
      lastFrameUrl: null,
      error: null,
      createdAt: null,
      updatedAt: null,
      duration: null,
    });
    for (const status of ['Preparing', 'Queueing'])
      expect(minimaxTaskState({ ...processing, status }, 'x', null).status).toBe('queued');
  });

  it('reads a succeeded task with its retrieved file as the file’s download URL', () => {
    const file = fixture<MiniMaxRetrieved>('file-retrieved.json').file ?? null;
    expect(minimaxTaskState(fixture<MiniMaxQuery>('task-succeeded.json'), '176843862716480', file)).toMatchObject({
      status: 'succeeded',
      videoUrl: 'https://public-cdn-video-data-algeng.oss-cn-wulanchabu.aliyuncs.com/output_aigc.mp4',
      createdAt: 1700469398,
      error: null,
    });
  });

  it('reads a succeeded task whose file has no download URL yet as still running', () => {
    const file = { ...fixture<MiniMaxRetrieved>('file-retrieved.json').file, download_url: '' };
    expect(minimaxTaskState(fixture<MiniMaxQuery>('task-succeeded.json'), 'x', file)).toMatchObject({
      status: 'running',
      videoUrl: null,
    });
  });

  it('reads a failed task’s code from base_resp, classed by the code (an output refusal is the caller’s)', () => {
    const state = minimaxTaskState(fixture<MiniMaxQuery>('task-failed.json'), 'x', null);
    expect(state).toMatchObject({ status: 'failed', error: { code: '1027', message: 'output new_sensitive' } });
    expect(minimaxFailureClass(state.error?.code ?? '')).toBe('refused');
    const bare = minimaxTaskState({ status: 'Fail', base_resp: { status_code: 0, status_msg: 'success' } }, 'x', null);
    expect(bare.error?.code).toBe('task_failed');
    expect(minimaxFailureClass('task_failed')).toBe('server_error');
    expect(minimaxFailureClass('SomethingElse')).toBeUndefined();
  });

  it('refuses a status it does not know', () => {
    const odd = { ...fixture<MiniMaxQuery>('task-processing.json'), status: 'Paused' };
    expect(() => minimaxTaskState(odd, 'x', null)).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
  });
});

describe('documented MiniMax error codes', () => {
  const errors = fixture<{ status_code: number; status_msg: string; class: string }[]>('errors.json');

  it('classes every code of the table from the code, answered as HTTP 200', () => {
    for (const e of errors) {
      const body = { base_resp: { status_code: e.status_code, status_msg: e.status_msg } };
      expect([e.status_code, classifyMiniMax(200, body)]).toEqual([e.status_code, e.class]);
      const err = minimaxError(200, body);
      expect(err).toMatchObject({ errorClass: e.class, code: String(e.status_code), message: e.status_msg });
    }
  });

  it('never judges from the message: the same text under another code, or a gateway 5xx, is classed by those', () => {
    const refusal = { base_resp: { status_code: 2013, status_msg: 'input new_sensitive' } };
    expect(classifyMiniMax(200, refusal)).toBe('bad_request');
    expect(classifyMiniMax(502, { base_resp: { status_code: 1026, status_msg: 'x' } })).toBe('server_error');
    expect(classifyMiniMax(429, null)).toBe('rate_limit');
    // An unknown non-zero code on a 200 is a refused request, not a success.
    expect(minimaxError(200, { base_resp: { status_code: 9999, status_msg: 'new' } }).errorClass).toBe('bad_request');
  });
});
