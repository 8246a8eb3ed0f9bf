import type { inferProcedureBuilderResolverOptions } from '@trpc/server';
import { memberActionBodies } from '@/contracts/members';
import { createMember, rekeyMember, setMemberQuota, toggleMember } from '@/server/domain/members/members';
import { actionEndpoint, actionTable, consoleProcedures } from '@/server/api/action-map';
import { organizationProcedure } from '@/server/api/trpc';
import type { LimitName } from '@/server/domain/limits/settings';
import { memberActionAnswers, memberActionMeta } from './member-action.types';

type Ctx = inferProcedureBuilderResolverOptions<typeof organizationProcedure>['ctx'];

/** The member actions and the domain operation of each: the REST endpoint and the console's procedures both run them. */
export const memberActions = actionTable<Ctx>()(memberActionBodies, memberActionAnswers, {
  create: createMember,
  'set-quota': setMemberQuota,
  rekey: rekeyMember,
  toggle: toggleMember,
});

/** The rate limit each action counts against (docs/api.md → Rate limits). */
const memberLimits = {
  create: 'member_create',
  'set-quota': 'member_write',
  rekey: 'key_rotation',
  toggle: 'member_write',
} as const satisfies Record<keyof typeof memberActions, LimitName>;

/** `POST /api/tenant-accounts` with `{action, ...body}`. */
export const memberActionProcedure = actionEndpoint(
  organizationProcedure,
  memberActionMeta(memberActions, memberLimits),
  memberActions,
);

/** The same actions for the console, one typed procedure each (no REST path of their own). */
export const memberActionProcedures = consoleProcedures(organizationProcedure, memberActions, [], memberLimits);
