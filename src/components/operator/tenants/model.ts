import { z } from 'zod';
import type { RouterInputs, RouterOutputs } from '@/trpc/react';

export type OperatorTenant = RouterOutputs['admin']['tenantList']['tenants'][number];
export type TenantCreate = RouterInputs['admin']['tenantCreate'];

/** The list's one query input, shared by the page's prefetch and the components. */
export const TENANT_LIST_INPUT = {};
export const LEDGER_PAGE_SIZE = 20;

/** Whether a tenant matches the search box: its name, administrator e-mail or id contain the words, in any case. */
export function matchesTenant(t: Pick<OperatorTenant, 'name' | 'admin_email' | 'id'>, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return [t.name, t.admin_email ?? '', t.id].some((v) => v.toLowerCase().includes(q));
}

/** Near zero: the tenant's balance is below its low-balance threshold (its own alert threshold, else the platform's). */
export const isNearZero = (t: Pick<OperatorTenant, 'credits' | 'low_balance_threshold'>): boolean =>
  t.credits < t.low_balance_threshold;

/** The tenants near zero, lowest balance first. */
export function nearZeroFirst<T extends Pick<OperatorTenant, 'credits' | 'low_balance_threshold'>>(
  list: readonly T[],
): T[] {
  return list.filter(isNearZero).sort((a, b) => a.credits - b.credits);
}

type Say = (key: 'nameRequired' | 'whole' | 'nonZero' | 'email' | 'password' | 'together' | 'markup') => string;

/** Credits as typed: a whole number (signed when `signed`). */
const wholeText = (say: Say, signed: boolean) =>
  z
    .string()
    .trim()
    .regex(signed ? /^-?\d{1,10}$/ : /^\d{1,10}$/, say('whole'))
    .transform(Number);

/** The create form: texts as typed, checked and turned into the `tenant-create` body. */
export const createFormSchema = (say: Say) =>
  z
    .object({
      name: z.string().trim().min(1, say('nameRequired')).max(200),
      credits: wholeText(say, false),
      quota_monthly: wholeText(say, false),
      admin_email: z.string().trim(),
      admin_password: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.admin_email && !z.email().safeParse(v.admin_email).success)
        ctx.addIssue({ code: 'custom', path: ['admin_email'], message: say('email') });
      if (v.admin_email && v.admin_password.length < 8)
        ctx.addIssue({ code: 'custom', path: ['admin_password'], message: say('password') });
      if (!v.admin_email && v.admin_password)
        ctx.addIssue({ code: 'custom', path: ['admin_email'], message: say('together') });
    })
    .transform((v): TenantCreate => ({
      name: v.name,
      credits: v.credits,
      quota_monthly: v.quota_monthly,
      ...(v.admin_email ? { admin_email: v.admin_email, admin_password: v.admin_password } : {}),
    }));

/** The credit form: a signed whole number, never 0, and a note. */
export const creditFormSchema = (say: Say) =>
  z.object({
    credits: wholeText(say, true).refine((n) => n !== 0, say('nonZero')),
    note: z.string().trim().max(500),
  });

/** The markup form: a multiplier from 0 to 100 with at most four decimals. */
export const markupFormSchema = (say: Say) =>
  z.object({
    markup: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d{1,4})?$/, say('markup'))
      .transform(Number)
      .refine((n) => n <= 100, say('markup')),
  });

/** What a tenant may be bound to: the model families and channel names of the upstreams, each once, sorted. */
export function bindingChoices(upstreams: { name: string; families: string[]; state: string }[]): {
  families: string[];
  channels: string[];
} {
  const live = upstreams.filter((u) => u.state !== 'retired');
  return {
    families: [...new Set(live.flatMap((u) => u.families))].sort(),
    channels: live.map((u) => u.name).sort(),
  };
}

/** The tenant page's recent audit entries (prefetched on the server, read on the client). */
export const TENANT_AUDIT_INPUT = (tenantId: string) => ({ tenant_id: tenantId, limit: 10 });
