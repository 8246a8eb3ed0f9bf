import { describe, expect, it } from 'vitest';
import { adminActionBodies, adminReadActions } from '@/contracts/admin';
import en from '../../../../messages/en.json';
import zh from '../../../../messages/zh-CN.json';

/** The audit log speaks the reader's language: every action it can hold, and the fields of a tenant, have words in both. */
describe('audit log words', () => {
  const audited = Object.keys(adminActionBodies).filter((a) => !(adminReadActions as readonly string[]).includes(a));
  const tenantFields = ['name', 'credits', 'quota_monthly', 'bound_model', 'markup', 'disabled', 'api_key'];

  for (const [lang, messages] of [
    ['zh-CN', zh],
    ['en', en],
  ] as const) {
    it(`names every audited action and a tenant's fields in ${lang}`, () => {
      const words = messages.operatorAudit as unknown as Record<string, Record<string, string>>;
      expect(audited.length).toBeGreaterThan(10);
      expect(audited.filter((a) => !words.actions?.[a])).toEqual([]);
      expect(tenantFields.filter((f) => !words.fields?.[f])).toEqual([]);
    });
  }

  it('uses no English for an action in Chinese', () => {
    const actions = (zh.operatorAudit as unknown as { actions: Record<string, string> }).actions;
    for (const text of Object.values(actions)) expect(text).not.toMatch(/[A-Za-z]{3,}/);
  });
});
