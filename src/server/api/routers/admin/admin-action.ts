import type { inferProcedureBuilderResolverOptions } from '@trpc/server';
import { adminActionBodies } from '@/contracts/admin';
import { listAudit } from '@/server/domain/audit/audit';
import { resetTwoFactor } from '@/server/domain/auth/two-factor-reset';
import { createOperator, listOperators, setOperatorDisabled } from '@/server/domain/operators/operators';
import { disableClaim } from '@/server/domain/claims/claims';
import { disableClaimBatch, listClaimsForOperator } from '@/server/domain/claims/operator';
import { listSkillsForOperator, saveSkill } from '@/server/domain/skills/skills';
import {
  adjustTenantCredits,
  bindTenantModel,
  createTenant,
  listTenantLedger,
  listTenants,
  rekeyTenant,
  setTenantMarkup,
  toggleTenant,
} from '@/server/domain/tenants/tenants';
import { platformUsage } from '@/server/domain/usage/platform';
import {
  listAttempts,
  listUpstreams,
  removeUpstream,
  readUpstreamVideoTest,
  startUpstreamVideoTest,
  testUpstream,
  updateUpstreamSettings,
  upsertUpstream,
} from '@/server/upstreams/admin/actions';
import { listOutbox, passOnMail } from '@/server/mail/outbox';
import { listVideoOrphans } from '@/server/domain/videos/orphans';
import { actionEndpoint, actionTable, consoleProcedures } from '@/server/api/action-map';
import { adminProcedure } from '@/server/api/trpc';
import { ADMIN_READS, audited } from './admin-audit';
import { adminActionAnswers, adminActionMeta } from './admin-action.types';

type Ctx = inferProcedureBuilderResolverOptions<typeof adminProcedure>['ctx'];

/**
 * The operator actions and the domain operation of each: the REST endpoint and the console's
 * procedures both run them. Every action not in ADMIN_READS writes an audit row (admin-audit.ts).
 */
export const adminActions = audited(
  actionTable<Ctx>()(adminActionBodies, adminActionAnswers, {
    'tenant-create': createTenant,
    'tenant-list': listTenants,
    'tenant-credit': adjustTenantCredits,
    'tenant-rekey': rekeyTenant,
    'tenant-toggle': toggleTenant,
    'tenant-bind': bindTenantModel,
    'tenant-markup': setTenantMarkup,
    'upstream-list': listUpstreams,
    'upstream-update': updateUpstreamSettings,
    'upstream-attempts': listAttempts,
    'video-orphans': listVideoOrphans,
    'upstream-upsert': upsertUpstream,
    'upstream-test': testUpstream,
    'upstream-test-video': startUpstreamVideoTest,
    'upstream-test-video-task': readUpstreamVideoTest,
    'upstream-remove': removeUpstream,
    'social-claim-disable': disableClaim,
    'claim-batch-disable': disableClaimBatch,
    'skill-list': listSkillsForOperator,
    'skill-upsert': saveSkill,
    'claim-list': listClaimsForOperator,
    'platform-usage': platformUsage,
    'tenant-ledger': listTenantLedger,
    'audit-list': listAudit,
    'mail-list': async ({ db }) => ({ mails: await listOutbox(db) }),
    'mail-pass-on': async ({ db, config }, _who, { id }) => passOnMail(db, config, id),
    'operator-list': listOperators,
    'operator-create': createOperator,
    'operator-disable': setOperatorDisabled,
    'user-two-factor-reset': resetTwoFactor,
  }),
);

/** `POST /api/admin` with `{action, ...body}`. */
export const adminActionProcedure = actionEndpoint(adminProcedure, adminActionMeta(adminActions), adminActions);

/** The same actions for the operator console, one typed procedure each (no REST path of their own). */
export const adminActionProcedures = consoleProcedures(adminProcedure, adminActions, ADMIN_READS);
