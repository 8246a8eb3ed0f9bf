import { TRPCError } from '@trpc/server';
import {
  adjustTenantCredits,
  createTenant,
  listTenants,
  rekeyTenant,
  setTenantMarkup,
  tenantView,
} from '../../../domain/tenants/tenants';
import { attemptLog, listUpstreamsForOperator } from '../../../upstreams/operator';
import { bindTenant, updateUpstream } from '../../../upstreams/registry';
import { getTenant } from '../../../domain/tenants/tenants';
import { disableClaim } from '../../../domain/claims/claims';
import { listSkills, skillView, upsertSkill } from '../../../domain/skills/skills';
import { adminProcedure } from '../../trpc';
import { actionSchemas, adminActions, adminInput, adminOutput, type AdminOutput } from './admin-action.types';

export const adminActionProcedure = adminProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/admin',
      tags: ['Operator'],
      summary: 'Operator actions (super-administrator key)',
      description: `Body \`{action, ...}\`. Actions: ${adminActions.map((a) => `\`${a}\``).join(', ')}. An unknown action is 400.`,
      protect: true,
    },
  })
  .input(adminInput)
  .output(adminOutput)
  .mutation(async ({ ctx, input }): Promise<AdminOutput> => {
    const { db, config } = ctx;
    const action = input.action;
    if (!(action in actionSchemas)) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: `Unknown action "${action}"; known actions: ${adminActions.join(', ')}` });
    }
    switch (action) {
      case 'tenant-create': {
        const body = actionSchemas[action].parse(input);
        const { tenant, apiKey } = await createTenant(db, config.secret, {
          name: body.name,
          credits: body.credits,
          quotaMonthly: body.quota_monthly,
          adminEmail: body.admin_email,
          adminPassword: body.admin_password,
        });
        return { ok: true, action, tenant: tenantView(tenant), api_key: apiKey };
      }
      case 'tenant-list': {
        actionSchemas[action].parse(input);
        const tenants = await listTenants(db);
        return { ok: true, action, tenants: tenants.map((t) => ({ ...tenantView(t), members: t.members })) };
      }
      case 'tenant-credit': {
        const body = actionSchemas[action].parse(input);
        const { credits } = await adjustTenantCredits(db, { tenantId: body.tenant_id, delta: body.credits, note: body.note });
        return { ok: true, action, credits };
      }
      case 'tenant-rekey': {
        const body = actionSchemas[action].parse(input);
        return { ok: true, action, api_key: await rekeyTenant(db, config.secret, body.tenant_id) };
      }
      case 'tenant-bind': {
        const body = actionSchemas[action].parse(input);
        await getTenant(db, body.tenant_id);
        return { ok: true, action, ...(await bindTenant(db, body.tenant_id, body.model)) };
      }
      case 'upstream-list': {
        actionSchemas[action].parse(input);
        return { ok: true, action, upstreams: await listUpstreamsForOperator(db) };
      }
      case 'upstream-update': {
        const body = actionSchemas[action].parse(input);
        await updateUpstream(db, { name: body.name, enabled: body.enabled, rating: body.rating });
        const view = (await listUpstreamsForOperator(db)).find((u) => u.name === body.name);
        return { ok: true, action, upstream: view };
      }
      case 'upstream-attempts': {
        const body = actionSchemas[action].parse(input);
        const attempts = await attemptLog(db, { ref: body.ref, limit: body.limit });
        return { ok: true, action, attempts };
      }
      case 'tenant-markup': {
        const body = actionSchemas[action].parse(input);
        return { ok: true, action, markup: await setTenantMarkup(db, body.tenant_id, body.markup) };
      }
      case 'social-claim-disable': {
        const body = actionSchemas[action].parse(input);
        return { ok: true, action, claim: await disableClaim(db, body.code) };
      }
      case 'skill-list': {
        actionSchemas[action].parse(input);
        const rows = await listSkills(db, { includeInactive: true });
        return { ok: true, action, skills: rows.map((r) => ({ ...skillView(config, r), prompt: r.prompt, active: r.active, origin: r.origin })) };
      }
      case 'skill-upsert': {
        const { action: _a, ...body } = actionSchemas[action].parse(input);
        const r = await upsertSkill(db, body);
        return { ok: true, action, skill: { ...skillView(config, r), prompt: r.prompt, active: r.active, origin: r.origin } };
      }
      default:
        throw new TRPCError({ code: 'BAD_REQUEST', message: `Unknown action "${action}"` });
    }
  });
