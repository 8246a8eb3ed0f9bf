import { z } from 'zod';
import { CredentialsSignin } from 'next-auth';
import type { SignInOutcome } from '@/server/domain/auth/console-sign-in';
import { admitSignIn, signInSucceeded, type Admitted, type ThrottleKey } from '@/server/domain/auth/sign-in-throttle';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';

/** What every sign-in provider shares: the shapes of its credentials, its refusals, and the throttles. */

export const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1).max(200) });
export const secondFactorSchema = z.object({ ticket: z.string().min(1).max(400), code: z.string().min(1).max(40) });
/** A passkey's answer (JSON from the browser), with the password step's ticket when it is the second step. */
export const passkeySchema = z.object({
  ticket: z.string().min(1).max(400).optional(),
  answer: z.string().min(1).max(32_000),
});

export class InvalidLogin extends CredentialsSignin {
  override code = 'invalid_credentials';
}

/** Too many failed sign-ins for this email or from this address: refused without looking at the password. */
export class TooManySignIns extends CredentialsSignin {
  override code = 'too_many_attempts';
  constructor(readonly retryAfterS: number) {
    super();
  }
}

/** The password was right; the account asks for a code. The ticket carries the sign-in to the code step. */
export class TwoFactorRequired extends CredentialsSignin {
  override code = 'two_factor_required';
  constructor(readonly ticket: string) {
    super();
  }
}

/** The code step's ticket is expired or no longer stands: sign in with the password again. */
export class TwoFactorExpired extends CredentialsSignin {
  override code = 'two_factor_expired';
}

/**
 * Checks the attempt against the sign-in throttles (throwing while locked) and answers what it was
 * charged, for `settle`.
 */
export async function admit(
  request: Request,
  keys: (address: string) => ThrottleKey[],
  who: Record<string, string>,
): Promise<Admitted> {
  const { db } = await getRuntime();
  const address = requestClientAddress(request.headers);
  const admitted = await admitSignIn(db, keys(address));
  if (!admitted.ok) {
    logger.warn(
      { ...who, address, scope: admitted.key.scope, retryAfterS: admitted.retryAfterS },
      'sign-in refused: too many attempts',
    );
    throw new TooManySignIns(admitted.retryAfterS);
  }
  return admitted;
}

/** After the check: a success gives the attempt back; a failure stays counted, and a lock it reached is logged. */
export async function settle(admitted: Admitted, ok: boolean, who: Record<string, string>): Promise<void> {
  if (ok) {
    const { db } = await getRuntime();
    await signInSucceeded(db, admitted);
    return;
  }
  for (const lock of admitted.locks) {
    logger.warn(
      {
        ...who,
        scope: lock.key.scope,
        subject: lock.key.subject,
        failures: lock.failures,
        lockedForS: lock.lockedForS,
      },
      'sign-in locked after repeated failures',
    );
  }
}

/**
 * What a console sign-in step lets in, for the session; a refusal is thrown (and logged: a throttled
 * attempt, a lock a failure reached).
 */
export function sessionUser(outcome: SignInOutcome, who: Record<string, string>) {
  if (outcome.ok) {
    const { user } = outcome;
    return { id: user.id, email: user.email, kind: user.kind, tenantId: user.tenantId, sv: user.sessionEpoch };
  }
  switch (outcome.refused) {
    case 'throttled':
      logger.warn(
        { ...who, scope: outcome.scope, retryAfterS: outcome.retryAfterS },
        'sign-in refused: too many attempts',
      );
      throw new TooManySignIns(outcome.retryAfterS);
    case 'code_required':
      throw new TwoFactorRequired(outcome.ticket);
    case 'expired':
      throw new TwoFactorExpired();
    case 'wrong':
      for (const lock of outcome.locks) {
        const { key, failures, lockedForS } = lock;
        logger.warn(
          { ...who, scope: key.scope, subject: key.subject, failures, lockedForS },
          'sign-in locked after repeated failures',
        );
      }
      throw new InvalidLogin();
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
