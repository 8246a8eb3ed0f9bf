import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  classifyFal,
  falError,
  stateOfFailure,
  stateOfResult,
  stateOfStatus,
  type FalImageOutput,
  type FalStatus,
} from './fal-answer';

/** Answers and error bodies from fal's public reference (tests/fixtures/fal-queue/README.md names each source), checked with @fal-ai/client 1.10.1. */
const dir = join(process.cwd(), 'tests/fixtures/fal-queue');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as T;

describe('documented fal queue answers through the adapter', () => {
  it('reads the queue position and progress of the documented statuses', () => {
    const [queued, running, completed] = fixture<FalStatus[]>('status.json');
    expect(stateOfStatus('h', queued as FalStatus)).toMatchObject({ status: 'queued', queuePosition: 0 });
    expect(stateOfStatus('h', running as FalStatus)).toMatchObject({ status: 'running' });
    // COMPLETED is read from the result, never from the status alone.
    expect(() => stateOfStatus('h', completed as FalStatus)).toThrow();
    const submitted = fixture<{ request_id: string; status_url: string }>('submit.json');
    expect(submitted.status_url).toBe(`https://queue.fal.run/fal-ai/fast-sdxl/requests/${submitted.request_id}/status`);
  });

  it('reads the image URL of a documented FLUX.1 [dev] output, and a flagged output as the caller’s refusal', () => {
    expect(stateOfResult('h', fixture<FalImageOutput>('flux-dev-result.json'))).toEqual({
      id: 'h',
      status: 'succeeded',
      image: { url: expect.stringMatching(/^https:\/\/fal\.media\/files\//) },
      error: null,
    });
    expect(stateOfResult('h', fixture<FalImageOutput>('nsfw-result.json'))).toMatchObject({
      status: 'failed',
      image: null,
      error: { code: 'has_nsfw_concepts', errorClass: 'refused' },
    });
    expect(() => stateOfResult('h', { images: [] })).toThrow(expect.objectContaining({ errorClass: 'bad_output' }));
    const inline = stateOfResult('h', { images: [{ url: 'data:image/png;base64,iVBORw0KGgo=' }] });
    expect(inline.image).toEqual({ data: Buffer.from('iVBORw0KGgo=', 'base64'), mime: 'image/png' });
  });

  it('classifies every documented error body by its type or error_type, else by its status', () => {
    const errors = fixture<{ source: string; status: number; body: unknown; class: string }[]>('errors.json');
    expect(errors).toHaveLength(8);
    for (const e of errors) expect(classifyFal(e.status, e.body), e.source).toBe(e.class);
    const refused = falError(422, errors[0]?.body);
    expect(refused).toMatchObject({ errorClass: 'refused', code: 'content_policy_violation', status: 422 });
    expect(stateOfFailure('h', refused)).toMatchObject({ status: 'failed', error: { errorClass: 'refused' } });
    expect(falError(504, errors[3]?.body)).toMatchObject({ code: 'request_timeout', message: 'Request timed out' });
  });

  it('never blames the caller for a 5xx, and reads a refusal anywhere in the details', () => {
    const policy = { detail: [{ loc: ['body'], msg: 'x', type: 'content_policy_violation' }] };
    expect(classifyFal(500, policy)).toBe('server_error');
    const mixed = { detail: [{ loc: ['body', 'seed'], msg: 'x', type: 'int_type' }, policy.detail[0]] };
    expect(classifyFal(422, mixed)).toBe('refused');
    expect(classifyFal(404, { detail: 'Application not found' })).toBe('unsupported');
    expect(classifyFal(502, null)).toBe('server_error');
  });
});
