import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replicateError, taskStateFrom, type Prediction } from './replicate-answer';

/** Answers and error bodies after Replicate's HTTP reference (tests/fixtures/replicate/README.md), checked with replicate 1.4.0. */
const dir = join(process.cwd(), 'tests/fixtures/replicate');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented Replicate answers through the adapter', () => {
  it('reads a succeeded prediction’s first output file as the image to download', () => {
    expect(taskStateFrom(fixture<Prediction>('prediction-succeeded.json'))).toEqual({
      id: 'gm3qorzdhgbfurvjtvhg6dckhu',
      status: 'succeeded',
      image: { url: 'https://replicate.delivery/xezq/abc123/out-0.webp' },
      error: null,
    });
  });

  it('reads a starting prediction as queued, a processing one as running, a canceled one as cancelled', () => {
    const starting = fixture<Prediction>('prediction-starting.json');
    expect(taskStateFrom(starting)).toMatchObject({ status: 'queued', image: null, error: null });
    expect(taskStateFrom({ ...starting, status: 'processing' }).status).toBe('running');
    expect(taskStateFrom({ ...starting, status: 'canceled' }).status).toBe('cancelled');
    expect(taskStateFrom({ ...starting, status: 'succeeded', output: 'data:image/png;base64,iVBORw==' }).image).toEqual(
      {
        data: Buffer.from('iVBORw==', 'base64'),
        mime: 'image/png',
      },
    );
    expect(() => taskStateFrom({ ...starting, status: 'queued' })).toThrow(/known status/);
  });

  it('reads a failed prediction as a server error with its text kept, never classified by that text', () => {
    const state = taskStateFrom(fixture<Prediction>('prediction-failed.json'));
    expect(state).toMatchObject({ status: 'failed', error: { code: 'prediction_failed', errorClass: 'server_error' } });
    expect(state.error?.message).toContain('(E005)');
  });

  it('classifies every documented error by its status, keeping Retry-After and the invalid field types', () => {
    const expected: Record<number, string> = {
      401: 'invalid_key',
      402: 'unpaid',
      404: 'unsupported',
      422: 'bad_request',
      429: 'rate_limit',
      500: 'server_error',
    };
    const errors = fixture<{ status: number; retryAfter?: string; body: unknown }[]>('errors.json');
    expect(errors).toHaveLength(6);
    for (const e of errors) {
      const err = replicateError(e.status, e.body, e.retryAfter ?? null);
      expect(err.errorClass, String(e.status)).toBe(expected[e.status]);
      expect(replicateError(e.status, null, null).errorClass, `${e.status} without a body`).toBe(expected[e.status]);
    }
    const throttled = errors.find((e) => e.status === 429);
    expect(replicateError(429, throttled?.body, '7').retryAfterMs).toBe(7000);
    const invalid = errors.find((e) => e.status === 422);
    expect(replicateError(422, invalid?.body, null)).toMatchObject({
      code: 'required,additional_property_not_allowed',
      message: expect.stringContaining('inptu'),
    });
  });
});
