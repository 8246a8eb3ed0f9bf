import { at, DAY, MEMBER_LIN, MINUTE, NOW } from './common';
import type { OperationExample } from './types';

const CI_KEY_ID = '8b0e4f52-3c1a-4d7e-9f26-5a1b7c9d2e41';
const CI_POLICY = {
  kinds: ['image'],
  expires_at: '2027-03-31T16:00:00.000Z',
  allowed_ips: ['203.0.113.0/24', '2001:db8:42::/48'],
  requests_per_minute: 30,
  models: ['imagegen-1'],
  max_concurrent: 4,
  spend_cap: { credits: 500, period: 'day' },
};

const ciKey = {
  id: CI_KEY_ID,
  label: 'CI pipeline',
  primary: false,
  account_id: null,
  hint: 'sk-studio-…Q7aZ',
  policy: CI_POLICY,
  created_at: NOW,
  last_used_at: null,
  last_used_from: null,
};

/** Named keys: a CI pipeline's key for images of one family from one address range, 30 requests a minute, 500 credits a day. */
export const keysExamples: Record<string, OperationExample> = {
  'GET /tenant-keys': {
    query: { account_id: MEMBER_LIN.account_id },
    response: {
      ok: true,
      keys: [
        {
          id: 'c2d9a7e1-5b3f-4e08-8a61-7f4c2b9d0e13',
          label: null,
          primary: true,
          account_id: MEMBER_LIN.account_id,
          hint: null,
          policy: null,
          created_at: at(-30 * DAY),
          last_used_at: at(-2 * MINUTE),
          last_used_from: '198.51.100.23',
        },
        {
          id: '1f6a3c8e-9d2b-4a75-b0e4-3c8d7f1a2b56',
          label: 'Lin’s laptop',
          primary: false,
          account_id: MEMBER_LIN.account_id,
          hint: 'sk-studio-…m3Kp',
          policy: { kinds: ['chat', 'article'] },
          created_at: at(-3 * DAY),
          last_used_at: null,
          last_used_from: null,
        },
      ],
    },
  },
  'POST /tenant-keys': {
    body: { label: 'CI pipeline', policy: CI_POLICY },
    response: { ok: true, api_key: 'sk-studio-Hx2kTq9LmWv4RbN8cZpD3fYs6GjA1eUoK5iVQ7aZ', key: ciKey },
  },
  'PATCH /tenant-keys': {
    body: { id: CI_KEY_ID, label: 'CI pipeline (nightly)', policy: { ...CI_POLICY, requests_per_minute: 10 } },
    response: {
      ok: true,
      key: { ...ciKey, label: 'CI pipeline (nightly)', policy: { ...CI_POLICY, requests_per_minute: 10 } },
    },
  },
  'PUT /tenant-key-defaults': {
    body: {
      account_id: MEMBER_LIN.account_id,
      policy: { kinds: ['image', 'chat'], spend_cap: { credits: 300, period: 'week' } },
    },
    response: {
      ok: true,
      account_id: MEMBER_LIN.account_id,
      policy: { kinds: ['image', 'chat'], spend_cap: { credits: 300, period: 'week' } },
    },
  },
  'DELETE /tenant-keys': {
    query: { id: CI_KEY_ID },
    response: { ok: true, id: CI_KEY_ID, revoked_at: NOW },
  },
};
