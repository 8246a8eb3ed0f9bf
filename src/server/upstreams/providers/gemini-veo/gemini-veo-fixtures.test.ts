import { GenerateVideosOperation } from '@google/genai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geminiError } from '@/server/upstreams/providers/gemini/gemini-http';
import { FILTERED_CODE, veoFailureClass, veoTaskState, type VeoOperation } from './gemini-veo-answer';
import { operationPath, predictPath, veoRequestOf, type VeoRequest } from './gemini-veo-request';

/**
 * Requests, operations and error bodies written after "Generate videos with Veo 3.1 in Gemini API"
 * (ai.google.dev/gemini-api/docs/video, REST) and the troubleshooting page's error table:
 * tests/fixtures/gemini-veo/README.md names each page. Each operation is also read by @google/genai
 * 2.32.0's own converter, which must find what the adapter finds.
 */
const dir = join(process.cwd(), 'tests/fixtures/gemini-veo');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;
const clientRead = (apiResponse: VeoOperation) =>
  new GenerateVideosOperation()._fromAPIResponse({ apiResponse: { ...apiResponse }, _isVertexAI: false });

interface DocRequest {
  method: string;
  path: string;
  body?: VeoRequest;
}
const requests = fixture<Record<string, DocRequest>>('requests.json');

describe('documented Veo requests from Studio’s video tasks', () => {
  it('writes the documented bodies for text to video, image to video and first and last frame', () => {
    const t2v = requests['text-to-video'];
    const prompt = t2v?.body?.instances[0].prompt ?? '';
    expect(predictPath('veo-3.1-generate-preview')).toBe(t2v?.path);
    expect(veoRequestOf('veo-3.1-generate-preview', { prompt, duration: 8, ratio: '16:9' }, [])).toEqual(t2v?.body);
    for (const name of ['image-to-video', 'first-and-last-frame']) {
      const doc = requests[name]?.body;
      const inst = doc?.instances[0];
      const frames = [inst?.image, inst?.lastFrame].filter((f) => f !== undefined);
      const req = { prompt: inst?.prompt ?? '', duration: 8, ratio: '16:9', resolution: doc?.parameters.resolution };
      expect(veoRequestOf('veo-3.1-generate-preview', req, frames), name).toEqual(doc);
    }
  });

  it('polls under the operation’s own name and refuses a handle that is not one', () => {
    expect(operationPath('models/veo-3.1-generate-preview/operations/9e0b8wtzgzel')).toBe(requests.poll?.path);
    expect(() => operationPath('../files/x')).toThrow(expect.objectContaining({ errorClass: 'bad_request' }));
  });
});

describe('documented Veo operations through the adapter and the official client', () => {
  it('reads a started operation as running, and a done one’s video URI as the client does', () => {
    const started = fixture<VeoOperation>('operation-started.json');
    expect(veoTaskState(started, started.name ?? '')).toMatchObject({ status: 'running', videoUrl: null, error: null });
    expect(clientRead(started).done).toBeUndefined();
    const done = fixture<VeoOperation>('operation-done.json');
    const state = veoTaskState(done, done.name ?? '');
    expect(state).toMatchObject({ status: 'succeeded', error: null });
    expect(state.videoUrl).toBe(clientRead(done).response?.generatedVideos?.[0]?.video?.uri);
    expect(state.videoUrl).toBe(`https://generativelanguage.googleapis.com${requests.download?.path}`);
  });

  it('ends a filtered operation as the caller’s refusal, and a failed one by its status', () => {
    const filtered = fixture<VeoOperation>('operation-filtered.json');
    const state = veoTaskState(filtered, 'h');
    expect(clientRead(filtered).response?.raiMediaFilteredCount).toBe(1);
    expect(state).toMatchObject({ status: 'failed', videoUrl: null, error: { code: FILTERED_CODE } });
    expect(state.error?.message).toMatch(/person generation/);
    expect(veoFailureClass(FILTERED_CODE)).toBe('refused');
    const failed = veoTaskState(fixture<VeoOperation>('operation-failed.json'), 'h');
    expect(failed).toMatchObject({ status: 'failed', error: { code: 'INTERNAL' } });
    expect(veoFailureClass('INTERNAL')).toBe('server_error');
    expect(veoFailureClass('RESOURCE_EXHAUSTED')).toBe('rate_limit');
    expect(veoFailureClass('INVALID_ARGUMENT')).toBe('invalid_input');
    expect(veoFailureClass('SOMETHING_NEW')).toBeUndefined();
  });

  it('reads a done operation with neither a video nor a filter as succeeded without a video (bad output)', () => {
    expect(veoTaskState({ name: 'n', done: true, response: { generateVideoResponse: {} } }, 'n')).toMatchObject({
      status: 'succeeded',
      videoUrl: null,
    });
  });
});

describe('documented Gemini API errors', () => {
  it('classifies each by its reason or status, never its message, with RetryInfo as the wait', () => {
    const errors = fixture<{ http: number; class: string; retryAfterMs?: number; body: unknown }[]>('errors.json');
    for (const e of errors) {
      const err = geminiError(e.http, e.body);
      expect(err.errorClass, JSON.stringify(e.body)).toBe(e.class);
      if (e.retryAfterMs) expect(err.retryAfterMs).toBe(e.retryAfterMs);
    }
  });
});
