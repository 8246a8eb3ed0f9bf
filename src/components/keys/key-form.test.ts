import { describe, expect, it } from 'vitest';
import { emptyKeyForm, formFieldOf, keyFormSchema, keyFormValues } from './key-form';

const schema = keyFormSchema({ labelMissing: 'label?', rpmInvalid: 'rpm?', expiresInvalid: 'expires?' });

describe('the create-key form', () => {
  it('sends no policy when nothing restricts the key', () => {
    expect(schema.parse({ ...emptyKeyForm, label: ' CI ' })).toEqual({ label: 'CI' });
  });

  it('turns the fields into a policy: kinds, the instant, one range per line or comma, the rate', () => {
    const body = schema.parse({
      ...emptyKeyForm,
      label: 'CI',
      kinds: ['image'],
      expires: '2027-03-31T16:00:00Z',
      ips: '203.0.113.0/24,\n 2001:db8::/48',
      rpm: '３０',
    });
    expect(body).toEqual({
      label: 'CI',
      policy: {
        kinds: ['image'],
        expires_at: '2027-03-31T16:00:00.000Z',
        allowed_ips: ['203.0.113.0/24', '2001:db8::/48'],
        requests_per_minute: 30,
      },
    });
  });

  it('refuses an empty label, a rate that is no whole number and a time that is none', () => {
    const result = schema.safeParse({ ...emptyKeyForm, rpm: '2.5', expires: 'soon' });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toEqual(
      expect.arrayContaining([
        ['label', 'label?'],
        ['rpm', 'rpm?'],
        ['expires', 'expires?'],
      ]),
    );
  });

  it('turns models, concurrent work and the spend cap into the policy', () => {
    const body = schema.parse({
      ...emptyKeyForm,
      label: 'CI',
      models: 'imagegen-1\n auto',
      concurrent: '４',
      cap: '500',
      capPeriod: 'week',
    });
    expect(body).toEqual({
      label: 'CI',
      policy: { models: ['imagegen-1', 'auto'], max_concurrent: 4, spend_cap: { credits: 500, period: 'week' } },
    });
  });

  it('fills the form with a key’s policy and sends the same policy back; a primary key needs no label', () => {
    const policy = {
      kinds: ['image' as const],
      allowed_ips: ['203.0.113.0/24'],
      requests_per_minute: 30,
      models: ['imagegen-1'],
      max_concurrent: 2,
      spend_cap: { credits: 500, period: 'day' as const },
    };
    expect(schema.parse(keyFormValues('CI', policy))).toEqual({ label: 'CI', policy });
    const primary = keyFormSchema({ labelMissing: 'label?', rpmInvalid: 'rpm?', expiresInvalid: 'expires?' }, false);
    expect(primary.parse(keyFormValues(null, null))).toEqual({ label: '' });
  });

  it('places the server’s refusals under their fields', () => {
    expect(formFieldOf(['policy', 'spend_cap', 'credits'])).toBe('cap');
    expect(formFieldOf(['policy', 'models', 0])).toBe('models');
    expect(formFieldOf(['policy', 'allowed_ips', 1])).toBe('ips');
    expect(formFieldOf(['policy', 'expires_at'])).toBe('expires');
    expect(formFieldOf(['label'])).toBe('label');
    expect(formFieldOf(['account_id'])).toBeNull();
  });
});
