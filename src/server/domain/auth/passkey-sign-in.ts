import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, type ConsoleUser } from '@/server/db/schema';
import { signedIn, type SignInOutcome } from './console-sign-in';
import { assertionOptions, checkAssertion, type PasskeySite } from './passkey-ceremony';
import { admitSignIn, signInSucceeded } from './sign-in-throttle';
import { readTicket } from './totp';

/**
 * Signing in with a passkey: as the second step after a password (the ticket of the password step names
 * the user, and only their passkeys count), or on its own (a discoverable passkey names its user; the
 * authenticator must have verified its person). Failed answers count against the client address's throttle.
 */

type PasskeySignInDeps = { db: Db; config: { secret: Buffer; passkeys: PasskeySite } };

/** The user a still-valid ticket names (the password step's epoch unchanged), or null. */
async function ticketUser(deps: PasskeySignInDeps, ticket: string, nowMs: number) {
  const read = readTicket(deps.config.secret, ticket, nowMs);
  if (!read) return null;
  const [user] = await deps.db.select().from(consoleUsers).where(eq(consoleUsers.id, read.userId));
  return user && user.sessionEpoch === read.epoch ? user : null;
}

/** Options for the second step with a passkey, or null when the ticket no longer stands. */
export async function secondFactorPasskeyOptions(deps: PasskeySignInDeps, ticket: string, nowMs = Date.now()) {
  const user = await ticketUser(deps, ticket, nowMs);
  return user ? assertionOptions(deps.db, deps.config.passkeys, 'second_factor', user.id) : null;
}

/** Options for a sign-in with a passkey alone: any discoverable passkey of this site. */
export const passkeySignInOptions = (deps: PasskeySignInDeps) =>
  assertionOptions(deps.db, deps.config.passkeys, 'sign_in', null);

/**
 * The second step with a passkey for whoever `admits` lets in: the ticket of a correct password and the
 * passkey's answer. The console lets in users of a tenant, the operator area operator accounts; anyone else
 * is told to start again, as for a ticket that no longer stands.
 */
export async function checkPasskeyStep(
  deps: PasskeySignInDeps,
  input: { ticket: string; answer: unknown; address: string; nowMs?: number },
  admits: (user: ConsoleUser) => boolean,
): Promise<{ ok: true; user: ConsoleUser } | Exclude<SignInOutcome, { ok: true }>> {
  const { db, config } = deps;
  const user = await ticketUser(deps, input.ticket, input.nowMs ?? Date.now());
  if (!user || !admits(user)) return { ok: false, refused: 'expired' };
  const admitted = await admitSignIn(db, [
    { scope: 'address', subject: input.address },
    { scope: 'account', subject: user.email.toLowerCase() },
  ]);
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  const used = await checkAssertion(db, config.passkeys, 'second_factor', user.id, input.answer);
  if (!used) return { ok: false, refused: 'wrong', locks: admitted.locks };
  await signInSucceeded(db, admitted);
  return { ok: true, user };
}

/** The console's second step with a passkey: only users of a tenant (never an operator account). */
export async function checkPasskeySecondFactor(
  deps: PasskeySignInDeps,
  input: { ticket: string; answer: unknown; address: string; nowMs?: number },
): Promise<SignInOutcome> {
  const outcome = await checkPasskeyStep(deps, input, (user) => user.tenantId !== null);
  if (!outcome.ok) return outcome;
  const { user } = outcome;
  return user.tenantId === null
    ? { ok: false, refused: 'expired' }
    : { ok: true, user: signedIn({ ...user, tenantId: user.tenantId }) };
}

/** A sign-in with a passkey alone: the passkey names its user. */
export async function checkPasskeySignIn(
  deps: PasskeySignInDeps,
  input: { answer: unknown; address: string },
): Promise<SignInOutcome> {
  const { db, config } = deps;
  const admitted = await admitSignIn(db, [{ scope: 'address', subject: input.address }]);
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  const used = await checkAssertion(db, config.passkeys, 'sign_in', null, input.answer);
  const [user] = used ? await db.select().from(consoleUsers).where(eq(consoleUsers.id, used.userId)) : [];
  if (!user || user.tenantId === null) return { ok: false, refused: 'wrong', locks: admitted.locks };
  await signInSucceeded(db, admitted);
  return { ok: true, user: signedIn({ ...user, tenantId: user.tenantId }) };
}
