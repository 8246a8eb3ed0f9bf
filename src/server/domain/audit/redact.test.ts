import { describe, expect, it } from 'vitest';
import { auditBody, REDACTED, redactSecrets } from './redact';

describe('auditBody', () => {
  it('keeps ordinary fields and removes passwords, keys, tokens and secrets', () => {
    const body = {
      name: '杭州小店',
      credits: 2500,
      admin_email: 'owner@shop.cn',
      admin_password: 'a long password',
      api_key: 'sk-upstream-secret',
      key: 'anything',
      webhook_secret: 'whsec_x',
      token: 't',
      tenant_id: '00000000-0000-4000-8000-000000000000',
      note: null,
    };
    expect(auditBody(body)).toEqual({
      name: '杭州小店',
      credits: 2500,
      admin_email: 'owner@shop.cn',
      admin_password: REDACTED,
      api_key: REDACTED,
      key: REDACTED,
      webhook_secret: REDACTED,
      token: REDACTED,
      tenant_id: '00000000-0000-4000-8000-000000000000',
      note: null,
    });
    expect(JSON.stringify(auditBody(body))).not.toMatch(/a long password|sk-upstream|whsec/);
  });

  it('removes Studio keys wherever they appear and looks inside lists and objects', () => {
    expect(
      redactSecrets({
        note: 'sk-studio-abcdefghijklmnop',
        models: [{ family: 'x', apiKey: 'p' }],
        nested: { password: 'p' },
      }),
    ).toEqual({
      note: REDACTED,
      models: [{ family: 'x', apiKey: REDACTED }],
      nested: { password: REDACTED },
    });
  });

  it('keeps fields that only look alike', () => {
    expect(redactSecrets({ credits: 5, monkey: 'banana', keywords: 'a', key_count: 2 })).toEqual({
      credits: 5,
      monkey: 'banana',
      keywords: 'a',
      key_count: 2,
    });
  });
});
