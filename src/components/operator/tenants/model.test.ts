import { describe, expect, it } from 'vitest';
import { bindingChoices, createFormSchema, creditFormSchema, isNearZero, matchesTenant, nearZeroFirst } from './model';

const say = (k: string) => k;
const tenant = { id: '6f1c2d3e-0000-4000-8000-00000000abcd', name: '杭州小店 Hangzhou', admin_email: 'Owner@Shop.cn' };

describe('matchesTenant', () => {
  it('finds a tenant by name, administrator e-mail or id, in any case', () => {
    expect(matchesTenant(tenant, '')).toBe(true);
    expect(matchesTenant(tenant, '小店')).toBe(true);
    expect(matchesTenant(tenant, 'hangzhou')).toBe(true);
    expect(matchesTenant(tenant, 'owner@shop')).toBe(true);
    expect(matchesTenant(tenant, 'ABCD')).toBe(true);
    expect(matchesTenant(tenant, 'beijing')).toBe(false);
    expect(matchesTenant({ ...tenant, admin_email: null }, 'owner')).toBe(false);
  });
});

describe('tenant forms', () => {
  it('turns the create form into a tenant-create body, with a login only when an e-mail is given', () => {
    const schema = createFormSchema(say);
    expect(
      schema.parse({ name: ' 店 ', credits: '300', quota_monthly: '0', admin_email: '', admin_password: '' }),
    ).toEqual({ name: '店', credits: 300, quota_monthly: 0 });
    expect(
      schema.parse({ name: '店', credits: '1', quota_monthly: '2', admin_email: 'a@b.cn', admin_password: '12345678' }),
    ).toMatchObject({ admin_email: 'a@b.cn', admin_password: '12345678' });
    const bad = schema.safeParse({
      name: '',
      credits: '-1',
      quota_monthly: '1.5',
      admin_email: 'nope',
      admin_password: 'x',
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual(
      expect.arrayContaining([
        ['name', 'nameRequired'],
        ['credits', 'whole'],
        ['quota_monthly', 'whole'],
      ]),
    );
    expect(
      schema.safeParse({ name: 'a', credits: '0', quota_monthly: '0', admin_email: '', admin_password: 'secret123' })
        .error?.issues[0]?.message,
    ).toBe('together');
  });

  it('takes signed credits, never 0', () => {
    const schema = creditFormSchema(say);
    expect(schema.parse({ credits: '-200', note: ' 更正 ' })).toEqual({ credits: -200, note: '更正' });
    expect(schema.safeParse({ credits: '0', note: '' }).error?.issues[0]?.message).toBe('nonZero');
  });
});

describe('bindingChoices', () => {
  it('offers each family and channel once, sorted, without retired channels', () => {
    expect(
      bindingChoices([
        { name: 'sim-b', families: ['gpt-image', 'x'], state: 'active' },
        { name: 'sim-a', families: ['gpt-image'], state: 'disabled' },
        { name: 'old', families: ['legacy'], state: 'retired' },
      ]),
    ).toEqual({ families: ['gpt-image', 'x'], channels: ['sim-a', 'sim-b'] });
  });
});

describe('tenants near zero', () => {
  const tenant = (credits: number, low_balance_threshold = 100) => ({ credits, low_balance_threshold });
  it('is below its own threshold, not at it', () => {
    expect(isNearZero(tenant(99))).toBe(true);
    expect(isNearZero(tenant(100))).toBe(false);
    expect(isNearZero(tenant(400, 500))).toBe(true);
  });
  it('lists only those, the lowest balance first', () => {
    expect(nearZeroFirst([tenant(50), tenant(5000), tenant(0), tenant(450, 500)]).map((t) => t.credits)).toEqual([
      0, 50, 450,
    ]);
  });
});
