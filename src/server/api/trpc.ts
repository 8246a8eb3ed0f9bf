import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../db/unavailable';
import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ActionMap } from './action-map';
import { ZodError } from 'zod';
import type { Deps } from '../domain/deps';
import type { Identity } from '../domain/auth/identity';
import { AppError, defaultReason, errorStatus, tenantOnly, type ErrorCode, type ErrorReason, type FieldIssue } from '../domain/errors';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { logger } from '../logger';
import { currentRequestId } from '../request-id';
import { assertWellFormedInput } from './input-text';
import { describeZodError, zodIssues } from './zod-errors';

export type AuthFailure = 'missing' | 'unknown' | 'revoked' | 'disabled' | 'suspended';

/** What every procedure gets: the domain's dependencies (`Deps`) and who is calling. */
export interface Context extends Deps {
  identity: Identity | null;
  authFailure: AuthFailure | null;
  headers: Headers;
}

const toTrpcCode: Record<ErrorCode, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  PAYMENT_REQUIRED: 'PAYMENT_REQUIRED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_SUPPORTED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
  GATEWAY_TIMEOUT: 'GATEWAY_TIMEOUT',
};

/** The caller-facing text of any error; internal messages never leave the server. */
export function publicMessage(error: TRPCError): string {
  if (error.cause instanceof ZodError) return describeZodError(error.cause);
  if (error.cause instanceof AppError) return error.cause.message;
  if (error.code === 'PARSE_ERROR') return 'The request body is not valid JSON';
  if (error.code === 'INTERNAL_SERVER_ERROR') return 'Internal error; it has been logged';
  return error.message;
}

/** The refused fields of a validation error, from the body's schema or a domain rule. */
export function errorIssues(error: TRPCError): FieldIssue[] | undefined {
  if (error.cause instanceof ZodError) return zodIssues(error.cause);
  if (error.cause instanceof AppError) return error.cause.issues;
  return undefined;
}

/** The status's code as error bodies write it (`NOT_FOUND`). */
export const codeForStatus = (status: number): string => Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? 'ERROR';

/** The machine-readable reason of an error (docs/api.md → Errors), which the console translates. */
export function errorReason(error: TRPCError): ErrorReason {
  if (error.cause instanceof AppError) return error.cause.reason;
  if (error.cause instanceof ZodError) return 'validation';
  if (error.code === 'TIMEOUT') return 'timeout';
  return defaultReason(codeForStatus(getHTTPStatusCodeFromError(error)), false);
}

/**
 * Procedure meta: the REST route (trpc-to-openapi) and, for action endpoints, their action table,
 * whose bodies the OpenAPI document shows as a union told apart by `action`.
 */
export type StudioMeta = OpenApiMeta & { actions?: ActionMap<never> };

const t = initTRPC
  .context<Context>()
  .meta<StudioMeta>()
  .create({
    errorFormatter({ shape, error }) {
      const issues = errorIssues(error);
      const requestId = currentRequestId();
      return {
        ...shape,
        message: publicMessage(error),
        data: {
          code: shape.data.code,
          httpStatus: shape.data.httpStatus,
          reason: errorReason(error),
          ...(issues ? { issues } : {}),
          ...(requestId ? { request_id: requestId } : {}),
        },
      };
    },
  });

/** Turns domain errors into tRPC errors once, keeping the cause, and logs by severity. */
const errorMapping = t.middleware(async ({ next, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = isDatabaseUnavailable(result.error)
      ? new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE, { cause: result.error, retryAfter: 2 })
      : result.error.cause;
    if (cause instanceof AppError) {
      const mapped = new TRPCError({ code: toTrpcCode[cause.code], message: cause.message, cause });
      (cause.status >= 500 ? logger.error : logger.info).call(logger, { path, code: cause.code, err: cause }, 'request failed');
      return { ...result, error: mapped };
    }
    if (cause instanceof ZodError) {
      return { ...result, error: new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(cause), cause }) };
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR') logger.error({ path, err: result.error }, 'unhandled error');
  }
  return result;
});

/** Refuses NUL, unpaired surrogates and runaway nesting anywhere in the input (see input-text.ts). */
const wellFormedInput = t.middleware(async ({ getRawInput, next }) => {
  assertWellFormedInput(await getRawInput());
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(errorMapping).use(wellFormedInput);

/** Why a request has no identity, as the caller reads it: 401 for no or an unknown key, 403 for one that stopped working. */
export function authFailureAnswer(failure: AuthFailure | null): { code: 'UNAUTHORIZED' | 'FORBIDDEN'; message: string } {
  switch (failure) {
    case 'revoked':
      return { code: 'FORBIDDEN', message: 'This key has been replaced by a newer one (rekey) and no longer works' };
    case 'disabled':
      return { code: 'FORBIDDEN', message: 'The account of this key is disabled' };
    case 'suspended':
      return { code: 'FORBIDDEN', message: 'This organisation has been disabled by the operator; its keys and console logins do not work' };
    case 'unknown':
      return { code: 'UNAUTHORIZED', message: 'Invalid API key: check that it was copied completely' };
    default:
      return { code: 'UNAUTHORIZED', message: 'Missing API key: send it in the X-API-Key header or as Authorization: Bearer <key>' };
  }
}

const authFailureError = (failure: AuthFailure | null): TRPCError => new TRPCError(authFailureAnswer(failure));

/** Any authenticated caller. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.identity) throw authFailureError(ctx.authFailure);
  return next({ ctx: { ...ctx, identity: ctx.identity } });
});

/** A caller acting inside one tenant: the tenant key, a tenant admin session, or a member key. */
export const scopedProcedure = authedProcedure.use(({ ctx, next }) => {
  const who = ctx.identity;
  if (who.kind === 'admin') {
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'The super-administrator key belongs to no tenant; use a tenant or member key here',
    });
  }
  return next({ ctx: { ...ctx, identity: who } });
});

/** Tenant-only endpoints: member keys get 403 with a text telling them not to retry. */
export const tenantProcedure = scopedProcedure.use(({ ctx, next }) => {
  const who = ctx.identity;
  if (who.kind !== 'tenant') throw new TRPCError({ code: 'FORBIDDEN', message: tenantOnly().message, cause: tenantOnly() });
  return next({ ctx: { ...ctx, identity: who } });
});

/** Operator actions: the super-administrator key only. */
export const adminProcedure = authedProcedure.use(({ ctx, next }) => {
  const who = ctx.identity;
  if (who.kind !== 'admin') {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'This endpoint needs the super-administrator key' });
  }
  return next({ ctx: { ...ctx, identity: who } });
});

/** Template writers: the tenant (key or admin session) for its own rows, the operator for platform rows. Members get 403. */
export const writerProcedure = authedProcedure.use(({ ctx, next }) => {
  const who = ctx.identity;
  if (who.kind === 'member') throw new TRPCError({ code: 'FORBIDDEN', message: tenantOnly().message, cause: tenantOnly() });
  return next({ ctx: { ...ctx, identity: who } });
});

/** Organisation administration (members, claim codes): the tenant key or console of an organisation, not a buyer's platform account. */
export const organizationProcedure = tenantProcedure.use(({ ctx, next }) => {
  if (ctx.identity.personal) {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'A platform account opened by a claim code cannot manage members or claim codes' });
  }
  return next({ ctx });
});

/** The request's `Idempotency-Key` header, for operations that replay their first answer. */
export const idempotency = (ctx: Pick<Context, 'headers'>) => ({ idempotencyKey: ctx.headers.get('idempotency-key') });
