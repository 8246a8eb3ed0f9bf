import { describe, expect, it } from 'vitest';
import { historyInput, redeliverableIds, validJobId, type Delivery } from './history-query';
import { maskSecret } from './secret-card';

const JOB_A = '11111111-1111-4111-8111-111111111111';
const JOB_B = '22222222-2222-4222-8222-222222222222';

const row = (id: number, jobId: string | null, state: Delivery['state'], redeliverable = true): Delivery => ({
  id,
  event_id: jobId ? `msg_${jobId}_failed` : 'msg_test_x',
  job_id: jobId,
  job_kind: jobId ? 'image' : null,
  test: jobId === null,
  url: 'https://example.com/hook',
  attempt: 1,
  status_code: state === 'delivered' ? 200 : 503,
  state,
  error: null,
  duration_ms: 5,
  at: '2026-03-01T00:00:00.000Z',
  redeliverable: jobId !== null && redeliverable,
});

describe('the history on the Webhooks page', () => {
  it('offers Redeliver on each job’s newest attempt when it was not delivered, never on a test', () => {
    const rows = [
      row(6, null, 'failed'),
      row(5, JOB_A, 'delivered'),
      row(4, JOB_A, 'failed'),
      row(3, JOB_B, 'refused'),
      row(2, JOB_B, 'failed'),
    ];
    expect([...redeliverableIds(rows)]).toEqual([3]);
    expect([...redeliverableIds([row(1, JOB_A, 'failed', false)])]).toEqual([]);
  });

  it('sends only the filters that are set, and checks a typed job id', () => {
    expect(historyInput({})).toEqual({ limit: 20 });
    expect(historyInput({ state: 'failed', from: '2026-03-01' })).toEqual({
      limit: 20,
      state: 'failed',
      from: '2026-03-01',
    });
    expect(validJobId('')).toBe(true);
    expect(validJobId(` ${JOB_A} `)).toBe(true);
    expect(validJobId('abc')).toBe(false);
  });

  it('masks the secret but keeps its prefix and last characters', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const masked = maskSecret(secret);
    expect(masked.startsWith('whsec_Mf')).toBe(true);
    expect(masked.endsWith('LaSw')).toBe(true);
    expect(masked).not.toContain('GKYqrTwj');
  });
});
