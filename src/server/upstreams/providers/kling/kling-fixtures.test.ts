import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { classifyKling, klingError, klingFailureClass, klingTaskState, type KlingAnswer } from './kling-answer';

/**
 * Answers and error bodies written after Kling's public API reference, "Kling AI API — Video Generation"
 * and "General Information" → Error Code (no official Node client): tests/fixtures/kling/README.md names
 * each page.
 */
const dir = join(process.cwd(), 'tests/fixtures/kling');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented Kling task answers through the adapter', () => {
  it('reads submitted as queued and processing as running, with the times in seconds', () => {
    expect(klingTaskState(fixture<KlingAnswer>('task-created.json'), 'text2video/CjMIkmgHbJMAAAAAAJeNrg')).toEqual({
      id: 'text2video/CjMIkmgHbJMAAAAAAJeNrg',
      status: 'queued',
      videoUrl: null,
      lastFrameUrl: null,
      error: null,
      createdAt: 1722769557,
      updatedAt: 1722769557,
      duration: null,
    });
    expect(klingTaskState(fixture<KlingAnswer>('task-processing.json'), 'h').status).toBe('running');
  });

  it('reads a succeeded task’s video URL and its duration string as seconds', () => {
    expect(klingTaskState(fixture<KlingAnswer>('task-succeeded.json'), 'image2video/x')).toMatchObject({
      id: 'image2video/x',
      status: 'succeeded',
      videoUrl:
        'https://p1.a.kwimgs.com/bs2/upload-ylab-stunt/special-effect/output/HB1_PROD_ai_web_46554461/-2878350957757294165/output.mp4',
      duration: 5.1,
      createdAt: 1722769557,
      updatedAt: 1722769846,
    });
  });

  it('reads a failed task (a message, no code) as the provider’s failure, never judged from the message', () => {
    const state = klingTaskState(fixture<KlingAnswer>('task-failed.json'), 'h');
    expect(state).toMatchObject({
      status: 'failed',
      videoUrl: null,
      error: { code: 'task_failed', message: 'Failure to pass the risk control system' },
    });
    expect(klingFailureClass(state.error?.code ?? '')).toBe('server_error');
    expect(klingFailureClass('1301')).toBe('refused');
    expect(klingFailureClass('SomethingElse')).toBeUndefined();
  });

  it('refuses an answer whose status it does not know, or a succeeded one it cannot read', () => {
    const odd = fixture<KlingAnswer>('task-created.json');
    if (odd.data) odd.data.task_status = 'paused';
    expect(() => klingTaskState(odd, 'h')).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
    const bare = fixture<KlingAnswer>('task-succeeded.json');
    if (bare.data) bare.data.task_result = { videos: [] };
    expect(klingTaskState(bare, 'h')).toMatchObject({ status: 'succeeded', videoUrl: null, duration: null });
  });

  it('classifies every documented error by its code, keeping the code', () => {
    const errors = fixture<{ status: number; class: string; body: { code: number } }[]>('errors.json');
    expect(errors).toHaveLength(21);
    for (const e of errors) {
      expect(classifyKling(e.status, e.body), String(e.body.code)).toBe(e.class);
      expect(klingError(e.status, e.body)).toMatchObject({
        errorClass: e.class,
        code: String(e.body.code),
        status: e.status,
      });
    }
    // The code decides, not the status (1102 comes as a 429 and is the account's, not a rate limit)...
    expect(classifyKling(429, { code: 1102 })).toBe('unpaid');
    // ...without a body the status does; a content refusal on a 5xx is the provider's failure.
    expect(classifyKling(429, null)).toBe('rate_limit');
    expect(classifyKling(401, null)).toBe('invalid_key');
    expect(classifyKling(502, { code: 1301 })).toBe('server_error');
  });
});
