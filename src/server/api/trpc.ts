import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '@/server/db/unavailable';
import { getTRPCErrorFromUnknown, initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import type { LimitDeclaration, StudioMeta } from './action-map';
import { ZodError } from 'zod';
import type { Deps } from '@/server/domain/deps';
import type { Identity } from '@/server/domain/auth/identity';
import {
  requireAdmin,
  requireCaller,
  requireOrganization,
  requireScoped,
  requireTenant,
  requireWriter,
  type AuthFailure,
} from '@/server/domain/auth/guard';
import { chatChargesWritten } from '@/server/domain/credits/hold-registry';
import { giveBackLimit, takeLimit, type LimitName, type Taken } from '@/server/domain/limits/named';
import {
  AppError,
  declared,
  defaultReason,
  errorStatus,
  type DeclaredError,
  type ErrorCode,
  type ErrorReason,
  type FieldIssue,
} from '@/server/errors';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { logger } from '@/server/logger';
import { currentRequestId } from '@/server/request-id';
import { assertWellFormedInput } from '@/server/input-text';
import { admitKeyRequest } from './key-admission';
import { describeZodError, zodIssues } from './zod-errors';
import type { RequestHeaders } from '@/server/request-headers';

export type { AuthFailure } from '@/server/domain/auth/guard';

/** What every procedure gets: the domain's dependencies (`Deps`) and who is calling. */
export interface Context extends Deps {
  identity: Identity | null;
  authFailure: AuthFailure | null;
  headers: RequestHeaders;
  /** The tenant's operator binding, when the key look-up read it (see `bindingFor`). */
  binding?: string | null;
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
export const codeForStatus = (status: number): string =>
  Object.entries(errorStatus).find(([, s]) => s === status)?.[0] ?? 'ERROR';

/** The machine-readable reason of an error (docs/api.md → Errors), which the console translates. */
export function errorReason(error: TRPCError): ErrorReason {
  if (error.cause instanceof AppError) return error.cause.reason;
  if (error.cause instanceof ZodError) return 'validation';
  if (error.code === 'TIMEOUT') return 'timeout';
  return defaultReason(codeForStatus(getHTTPStatusCodeFromError(error)), false);
}

export type { StudioMeta } from './action-map';

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

/** A failure as the caller sees it: domain errors turned into tRPC errors once (keeping the cause), logged by severity. */
function mappedError(error: TRPCError, path: string): TRPCError {
  const cause = isDatabaseUnavailable(error)
    ? new AppError('UNAVAILABLE', DATABASE_UNAVAILABLE, { cause: error, retryAfter: 2 })
    : error.cause;
  if (cause instanceof AppError) {
    (cause.status >= 500 ? logger.error : logger.info).call(
      logger,
      { path, code: cause.code, err: cause },
      'request failed',
    );
    return new TRPCError({ code: toTrpcCode[cause.code], message: cause.message, cause });
  }
  if (cause instanceof ZodError) return new TRPCError({ code: 'BAD_REQUEST', message: describeZodError(cause), cause });
  if (error.code === 'INTERNAL_SERVER_ERROR') logger.error({ path, err: error }, 'unhandled error');
  return error;
}

/** The limit a call counts against: the procedure's, or for an action endpoint its action's. */
function limitOf(declared: LimitDeclaration | undefined, raw: unknown): LimitName | undefined {
  if (declared === undefined || typeof declared === 'string') return declared;
  const action = raw !== null && typeof raw === 'object' ? (raw as { action?: unknown }).action : undefined;
  return typeof action === 'string' && Object.hasOwn(declared.byAction, action) ? declared.byAction[action] : undefined;
}

/** A call refused for its input (the body's schema): it did nothing, so it does not count against a limit. */
const inputRefused = (error: TRPCError) => error.cause instanceof ZodError;

/**
 * In front of every procedure, as one middleware (each layer of tRPC's chain copies the call's
 * options and context, so the checks share one layer): refuses NUL, unpaired surrogates and runaway
 * nesting anywhere in the input (see input-text.ts), then checks the caller with `check`, which
 * answers the identity the procedure sees, then admits a key's request under its policy (expiry,
 * address, kind, its own rate: domain/keys/policy.ts), then takes a token of the procedure's rate limit (its
 * meta's `limit`: 429 with Retry-After when the tenant's or the member key's bucket is empty; given
 * back when the input is then refused); what fails, here or below, is mapped into the caller's error.
 */
function guarded<I extends Identity | null>(check: (ctx: Context) => I) {
  return t.middleware(async ({ ctx, getRawInput, next, path, meta }) => {
    let identity: I;
    let taken: Taken | null = null;
    try {
      const raw = await getRawInput();
      assertWellFormedInput(raw);
      identity = check(ctx);
      // A named key's policy first: a request it refuses takes no token and reaches nothing.
      await admitKeyRequest(ctx, identity, meta?.keyKind ?? null);
      const limit = limitOf(meta?.limit, raw);
      if (limit) taken = await takeLimit(ctx, limit, identity);
    } catch (cause) {
      throw mappedError(getTRPCErrorFromUnknown(cause), path);
    }
    // A chat answer's charge is written a few milliseconds after the answer (credits/holds.ts): a
    // read by the same tenant that follows it waits for that write, so it sees the charge.
    const charges =
      identity === null ? null : chatChargesWritten(identity.kind === 'admin' ? undefined : identity.tenantId);
    if (charges) await charges;
    const result = await next({ ctx: { identity } });
    if (result.ok) return result;
    if (taken && inputRefused(result.error)) {
      await giveBackLimit(ctx.db, taken).catch((err: unknown) =>
        logger.warn({ err, path }, 'rate-limit token not given back'),
      );
    }
    return { ...result, error: mappedError(result.error, path) };
  });
}

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Anyone: procedures that check the caller themselves (sign-in, the public claim page, health). */
export const publicProcedure = t.procedure.use(guarded((ctx) => ctx.identity));

/** Any authenticated caller. */
export const authedProcedure = t.procedure.use(guarded(requireCaller));

/** A caller acting inside one tenant: the tenant key, a tenant admin session, or a member key. */
export const scopedProcedure = t.procedure.use(guarded(requireScoped));

/** Tenant-only endpoints: member keys get 403 with a text telling them not to retry. */
export const tenantProcedure = t.procedure.use(guarded(requireTenant));

/** Operator actions: the super-administrator key only. */
export const adminProcedure = t.procedure.use(guarded(requireAdmin));

/** Template writers: the tenant (key or admin session) for its own rows, the operator for platform rows. Members get 403. */
export const writerProcedure = t.procedure.use(guarded(requireWriter));

/** Organisation administration (members, claim codes): the tenant key or console of an organisation, not a buyer's platform account. */
export const organizationProcedure = t.procedure.use(guarded(requireOrganization));

/** The longest `Idempotency-Key` Studio keeps (the IETF draft's keys are UUIDs; 255 leaves room for any scheme). */
export const IDEMPOTENCY_KEY_MAX = 255;

/** What an operation taking `Idempotency-Key` answers when `idempotency` refuses the header. */
export const IDEMPOTENCY_KEY_ERROR: DeclaredError = declared(
  'BAD_REQUEST',
  `The Idempotency-Key header is not 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters`,
);

/**
 * The request's `Idempotency-Key` header, for operations that replay their first answer: at most
 * `IDEMPOTENCY_KEY_MAX` visible ASCII characters (the key is stored and indexed), else 400 naming it;
 * an empty header is no key.
 */
export function idempotency(ctx: Pick<Context, 'headers'>): { idempotencyKey: string | null } {
  const key = ctx.headers.get('idempotency-key') || null;
  if (key !== null && (key.length > IDEMPOTENCY_KEY_MAX || !/^[\x21-\x7e]+$/.test(key))) {
    throw new AppError(
      'BAD_REQUEST',
      `Idempotency-Key: use 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters, such as a UUID (this one has ${key.length})`,
      {
        issues: [
          { path: ['Idempotency-Key'], message: `must be 1 to ${IDEMPOTENCY_KEY_MAX} visible ASCII characters` },
        ],
      },
    );
  }
  return { idempotencyKey: key };
}
