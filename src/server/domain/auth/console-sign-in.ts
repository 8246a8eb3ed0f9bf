import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, type ConsoleUser } from '@/server/db/schema';
import { hasPasskey } from './passkeys';
import { hashPassword, verifyPassword } from './passwords';
import {
  admitSignIn,
  signInAttemptReturned,
  signInSucceeded,
  type Admitted,
  type ThrottleScope,
} from './sign-in-throttle';
import { issueTicket, readTicket } from './totp';
import { twoFactorOn, spendSecondFactor } from './two-factor';

type SignInDeps = { db: Db; config: { secret: Buffer } };

/** The person a sign-in lets in (the session's contents). */
export interface SignedIn {
  id: string;
  email: string;
  kind: ConsoleUser['kind'];
  tenantId: string;
  sessionEpoch: number;
}

/** What a step of a console sign-in answers. */
export type SignInOutcome =
  | { ok: true; user: SignedIn }
  | { ok: false; refused: 'throttled'; scope: ThrottleScope; retryAfterS: number }
  | { ok: false; refused: 'wrong'; locks: Admitted['locks'] }
  /** The password was right and the account asks for a code: the ticket carries the sign-in to that step. */
  | { ok: false; refused: 'code_required'; ticket: string }
  /** The ticket is forged, expired, or the account changed meanwhile: start again with the password. */
  | { ok: false; refused: 'expired' };

/**
 * A hash of a random password with the same parameters as real ones: an unknown email is checked
 * against it, so it takes as long to refuse as a known email with a wrong password.
 */
let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

const throttleKeys = (address: string, email: string) => [
  { scope: 'address' as const, subject: address },
  { scope: 'account' as const, subject: email },
];

/** The session's contents for a user whose sign-in succeeded. */
export const signedIn = (user: ConsoleUser & { tenantId: string }): SignedIn => ({
  id: user.id,
  email: user.email,
  kind: user.kind,
  tenantId: user.tenantId,
  sessionEpoch: user.sessionEpoch,
});

/**
 * The first step: email and password, under the sign-in throttles. A correct password of an account with
 * two-step verification opens no session: it answers a ticket for the code step, and gives back only this
 * attempt (the account's count of failed codes stays, so the password cannot be used to reset it).
 */
export async function checkPassword(
  { db, config }: SignInDeps,
  input: { email: string; password: string; address: string; nowMs?: number },
): Promise<SignInOutcome> {
  const email = input.email.toLowerCase();
  const admitted = await admitSignIn(db, throttleKeys(input.address, email));
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  const [user] = await db
    .select()
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email))
    .limit(1);
  // The password is checked whether or not the email exists, so the answer's timing does not tell.
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await unknownUserHash()));
  if (!matches || !user || user.tenantId === null) return { ok: false, refused: 'wrong', locks: admitted.locks };
  // A passkey is a second factor too: with one, the password leads to the second step as well.
  if (twoFactorOn(user) || (await hasPasskey(db, user.id))) {
    await signInAttemptReturned(db, admitted);
    return { ok: false, refused: 'code_required', ticket: issueTicket(config.secret, user, input.nowMs ?? Date.now()) };
  }
  await signInSucceeded(db, admitted);
  return { ok: true, user: signedIn({ ...user, tenantId: user.tenantId }) };
}

/**
 * The second step: the ticket of a correct password and a code from the authenticator (or a recovery
 * code), charged to the same throttles as a password. A code is accepted once.
 */
export async function checkSecondFactor(
  deps: SignInDeps,
  input: { ticket: string; code: string; address: string; nowMs?: number },
): Promise<SignInOutcome> {
  const { db, config } = deps;
  const nowMs = input.nowMs ?? Date.now();
  const ticket = readTicket(config.secret, input.ticket, nowMs);
  if (!ticket) return { ok: false, refused: 'expired' };
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, ticket.userId));
  if (!user || user.tenantId === null || user.sessionEpoch !== ticket.epoch || !twoFactorOn(user))
    return { ok: false, refused: 'expired' };
  const admitted = await admitSignIn(db, throttleKeys(input.address, user.email.toLowerCase()));
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  if (!(await spendSecondFactor(deps, user, input.code, nowMs)))
    return { ok: false, refused: 'wrong', locks: admitted.locks };
  await signInSucceeded(db, admitted);
  return { ok: true, user: signedIn({ ...user, tenantId: user.tenantId }) };
}
