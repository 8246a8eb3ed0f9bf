import { CSV_COLUMNS, callCsvLine } from '@/server/domain/calls/csv';
import { at, MEMBER_LIN, MINUTE } from './common';
import type { OperationExample } from './types';

/** 小林's chat call through his member key, and an image job made with the tenant key a minute before. */
const IMAGE_JOB_ID = '5e8a1c3d-7b2f-4d6e-9a0c-1f2e3d4c5b6a';
const CHAT_CALL = {
  id: '0b7d6c2e-91a4-4f3b-8c5d-2e6f7a8b9c01',
  at: at(-2 * MINUTE),
  kind: 'chat' as const,
  status: 'done' as const,
  account_id: MEMBER_LIN.account_id,
  member: MEMBER_LIN.nickname,
  via: 'key' as const,
  model: 'studio-auto',
  family: 'chatmodel-1',
  tokens_in: 24,
  tokens_out: 96,
  credits: 1,
  credits_refunded: 0,
  latency_ms: 1840,
  request_id: 'req_01JDX4W7Q5N8T2C9B3F6H1K0MZ',
  job_id: null,
  error_code: null,
  note: null,
  text: null,
};
const IMAGE_CALL = {
  ...CHAT_CALL,
  id: IMAGE_JOB_ID,
  at: at(-3 * MINUTE),
  kind: 'image' as const,
  account_id: null,
  member: null,
  via: null,
  model: 'auto',
  family: null,
  tokens_in: null,
  tokens_out: null,
  credits: 4,
  latency_ms: 6210,
  request_id: 'req_01JDX4T2M8P5R1V6Y9A3D7G0QS',
  job_id: IMAGE_JOB_ID,
  text: '一杯桂花乌龙奶茶放在木桌上，清晨的窗光',
};

/** Worked examples of the call log: the list, one call with its credit movements, the CSV. */
export const callsExamples: Record<string, OperationExample> = {
  'GET /calls': {
    query: { from: '2026-11-24', to: '2026-11-24', limit: 50 },
    response: { ok: true, calls: [CHAT_CALL, IMAGE_CALL], next_cursor: null },
  },
  'GET /calls/detail': {
    query: { id: CHAT_CALL.id },
    response: {
      ok: true,
      call: CHAT_CALL,
      ledger: [{ kind: 'charge', amount: -1, note: 'chat: 24 prompt + 96 completion tokens', at: at(-2 * MINUTE) }],
    },
  },
  'GET /calls/export': {
    query: { kind: 'chat', from: '2026-11-24', to: '2026-11-24' },
    response: {
      ok: true,
      filename: 'calls-2026-11-24.csv',
      content: `\uFEFF${CSV_COLUMNS.join(',')}\r\n${callCsvLine(CHAT_CALL)}\r\n`,
    },
  },
};
