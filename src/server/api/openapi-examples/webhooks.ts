import { at, MINUTE } from './common';
import type { OperationExample } from './types';

/** A job whose callback failed twice, then was redelivered from the Webhooks page. */
const JOB_ID = '7c0e5d1a-4b8f-4e2a-9d36-5f1b2c3d4e6f';
const HOOK = 'https://hooks.example.com/studio';
const EVENT_ID = `msg_${JOB_ID}_done`;

const attempt = (id: number, n: number, state: 'delivered' | 'failed', ms: number) => ({
  id,
  event_id: EVENT_ID,
  job_id: JOB_ID,
  job_kind: 'image',
  test: false,
  url: HOOK,
  attempt: n,
  status_code: state === 'delivered' ? 200 : 503,
  state,
  error: state === 'delivered' ? null : 'the receiver answered HTTP 503',
  duration_ms: ms,
  at: at(-(4 - n) * MINUTE),
  redeliverable: true,
});

export const webhooksExamples: Record<string, OperationExample> = {
  'GET /webhook-deliveries': {
    query: { job_id: JOB_ID, limit: 20 },
    response: {
      ok: true,
      timezone: 'Asia/Shanghai',
      deliveries: [attempt(1043, 3, 'delivered', 212), attempt(1041, 2, 'failed', 96), attempt(1038, 1, 'failed', 88)],
      next_cursor: null,
    },
  },
  'POST /webhook-deliveries/test': {
    body: { url: HOOK },
    response: {
      ok: true,
      id: 1044,
      event_id: 'msg_test_5d0c1f9e-2a7b-4c3d-8e6f-0a1b2c3d4e5f',
      type: 'webhook.test',
      url: HOOK,
      state: 'delivered',
      status_code: 200,
      error: null,
      duration_ms: 187,
      at: at(0),
    },
  },
  'POST /webhook-deliveries/redeliver': {
    body: { job_id: JOB_ID },
    response: { ok: true, job_id: JOB_ID, event_id: EVENT_ID, url: HOOK, attempt: 3, action: 'queued' },
  },
};
