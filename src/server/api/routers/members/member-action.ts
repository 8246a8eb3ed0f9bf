import type { inferProcedureBuilderResolverOptions } from '@trpc/server';
import { memberActionBodies } from '@/contracts/members';
import { createMember, rekeyMember, setMemberQuota, toggleMember } from '@/server/domain/members/members';
import { actionEndpoint, actionTable, consoleProcedures } from '@/server/api/action-map';
import { organizationProcedure } from '@/server/api/trpc';
import { memberActionAnswers, memberActionMeta } from './member-action.types';

type Ctx = inferProcedureBuilderResolverOptions<typeof organizationProcedure>['ctx'];

/** The member actions and the domain operation of each: the REST endpoint and the console's procedures both run them. */
export const memberActions = actionTable<Ctx>()(memberActionBodies, memberActionAnswers, {
  create: createMember,
  'set-quota': setMemberQuota,
  rekey: rekeyMember,
  toggle: toggleMember,
});

/** `POST /api/tenant-accounts` with `{action, ...body}`. */
export const memberActionProcedure = actionEndpoint(
  organizationProcedure,
  memberActionMeta(memberActions),
  memberActions,
);

/** The same actions for the console, one typed procedure each (no REST path of their own). */
export const memberActionProcedures = consoleProcedures(organizationProcedure, memberActions);
