import type { inferProcedureBuilderResolverOptions } from '@trpc/server';
import { accountActionBodies } from '@/contracts/accounts';
import { createAccount, rekeyAccount, setAccountQuota, toggleAccount } from '@/server/domain/accounts/accounts';
import { actionEndpoint, actionTable, consoleProcedures } from '@/server/api/action-map';
import { organizationProcedure } from '@/server/api/trpc';
import { accountActionAnswers, accountActionMeta } from './account-action.types';

type Ctx = inferProcedureBuilderResolverOptions<typeof organizationProcedure>['ctx'];

/** The member actions and the domain operation of each: the REST endpoint and the console's procedures both run them. */
export const accountActions = actionTable<Ctx>()(accountActionBodies, accountActionAnswers, {
  create: createAccount,
  'set-quota': setAccountQuota,
  rekey: rekeyAccount,
  toggle: toggleAccount,
});

/** `POST /api/tenant-accounts` with `{action, ...body}`. */
export const accountActionProcedure = actionEndpoint(organizationProcedure, accountActionMeta(accountActions), accountActions);

/** The same actions for the console, one typed procedure each (no REST path of their own). */
export const accountActionProcedures = consoleProcedures(organizationProcedure, accountActions);
