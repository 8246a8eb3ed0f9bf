import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dashscopeVideo } from './dashscope-video';
import { wanVideoState, type WanVideoAnswer } from './dashscope-video-answer';

/**
 * Wan video task answers written after Model Studio's video API references (no official Node client):
 * tests/fixtures/dashscope-video/README.md names each page. Error bodies are the image side's, tested there.
 */
const dir = join(process.cwd(), 'tests/fixtures/dashscope-video');
const fixture = (name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as WanVideoAnswer;
const none = { videoUrl: null, lastFrameUrl: null, error: null, createdAt: null, updatedAt: null, duration: null };

describe('documented Wan video task answers through the adapter', () => {
  it('reads a created task as queued and a running one as running, under their id', () => {
    expect(wanVideoState(fixture('task-created.json'), 'x')).toEqual({
      ...none,
      id: '0385dc79-5ff8-4d82-bcb6-xxxxxx',
      status: 'queued',
    });
    expect(wanVideoState(fixture('task-running.json'), 'x')).toMatchObject({ status: 'running' });
    expect(wanVideoState(fixture('task-canceled.json'), 'x')).toMatchObject({ status: 'cancelled' });
  });

  it('reads a succeeded task’s video URL and the seconds it billed', () => {
    expect(wanVideoState(fixture('task-succeeded.json'), 'x')).toEqual({
      ...none,
      id: 'eff1443c-ccab-4676-aad3-xxxxxx',
      status: 'succeeded',
      videoUrl: 'https://dashscope-result-sh.oss-accelerate.aliyuncs.com/xxx.mp4?Expires=xxx',
      duration: 10,
    });
    const bare = fixture('task-succeeded.json');
    delete bare.output?.video_url;
    expect(() => wanVideoState(bare, 'x')).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
  });

  it('reads a failed task’s code and message, classified by the code; UNKNOWN is the provider’s failure', () => {
    const failed = wanVideoState(fixture('task-failed.json'), 'x');
    expect(failed).toMatchObject({
      status: 'failed',
      error: { code: 'InvalidParameter', message: 'The size is not match xxxxxx' },
    });
    expect(dashscopeVideo.failureClass('InvalidParameter')).toBe('bad_request');
    expect(dashscopeVideo.failureClass('DataInspectionFailed')).toBe('refused');
    expect(dashscopeVideo.failureClass('Throttling.RateQuota')).toBe('rate_limit');
    const unknown = wanVideoState(fixture('task-unknown.json'), 'x');
    expect(unknown).toMatchObject({ status: 'failed', error: { code: 'UNKNOWN' } });
    expect(dashscopeVideo.failureClass(unknown.error?.code ?? '')).toBe('server_error');
  });

  it('takes an answer without a status as bad output', () => {
    expect(() => wanVideoState({ output: { task_id: 't' } }, 'x')).toThrow(
      expect.objectContaining({ errorClass: 'bad_output' }),
    );
  });
});
