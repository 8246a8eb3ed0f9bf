import { at, DAY, MINUTE } from './common';
import type { OperationExample } from './types';

/** A tenant warned below 500 credits and above 2,000 credits spent in a Shanghai day. */
const HOOK = 'https://hooks.example.com/studio-alerts';
const MEMBER = '3f9d2c1b-7a6e-4d5c-9b8a-1e2f3a4b5c6d';
const rules = [
  { id: '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', kind: 'balance_low', threshold: 500, period: null, account_id: null },
  {
    id: '1c2d3e4f-5a6b-4c7d-9e8f-0a1b2c3d4e5f',
    kind: 'spend_threshold',
    threshold: 2000,
    period: 'day',
    account_id: null,
  },
  { id: '2d3e4f5a-6b7c-4d8e-8f9a-1b2c3d4e5f6a', kind: 'cap_reached', threshold: 0, period: null, account_id: MEMBER },
];

export const alertsExamples: Record<string, OperationExample> = {
  'GET /alert-settings': {
    response: { ok: true, webhook_url: HOOK, rules },
  },
  'PUT /alert-settings': {
    body: {
      webhook_url: HOOK,
      rules: rules.map(({ kind, threshold, period, account_id }) => ({ kind, threshold, period, account_id })),
    },
    response: { ok: true, webhook_url: HOOK, rules },
  },
  'GET /alerts': {
    query: { limit: 20 },
    response: {
      ok: true,
      alerts: [
        {
          id: 42,
          type: 'balance.low',
          rule: 'balance_low',
          account_id: null,
          key_id: null,
          threshold: 500,
          value: 468,
          period: null,
          period_start: null,
          event_id: 'msg_alert_42',
          mails: 2,
          webhook_state: 'delivered',
          fired_at: at(-12 * MINUTE),
        },
        {
          id: 37,
          type: 'spend.threshold',
          rule: 'spend_threshold',
          account_id: null,
          key_id: null,
          threshold: 2000,
          value: 2035,
          period: 'day',
          period_start: at(-DAY).slice(0, 10),
          event_id: 'msg_alert_37',
          mails: 2,
          webhook_state: 'delivered',
          fired_at: at(-DAY + 5 * MINUTE),
        },
      ],
    },
  },
};
