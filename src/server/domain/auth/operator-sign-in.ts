import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { consoleUsers, endedSessions, passkeys, type ConsoleUser } from '@/server/db/schema';
import type { PasskeySite } from './passkey-ceremony';
import { checkPasskeyStep } from './passkey-sign-in';
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
import { spendSecondFactor, twoFactorOn } from './two-factor';

type SignInDeps = { db: Db; config: { secret: Buffer } };

/** The operator a sign-in lets in (the session's contents). `enrolled`: two-step verification is on. */
export interface SignedInOperator {
  id: string;
  email: string;
  sessionEpoch: number;
  enrolled: boolean;
}

/** What a step of an operator sign-in answers: as a console sign-in (console-sign-in.ts). */
export type OperatorSignInOutcome =
  | { ok: true; operator: SignedInOperator }
  | { ok: false; refused: 'throttled'; scope: ThrottleScope; retryAfterS: number }
  | { ok: false; refused: 'wrong'; locks: Admitted['locks'] }
  | { ok: false; refused: 'code_required'; ticket: string }
  | { ok: false; refused: 'expired' };

let dummyHash: Promise<string> | undefined;
const unknownUserHash = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/** The same throttles as the console sign-in: per client address and per account e-mail. */
const throttleKeys = (address: string, email: string) => [
  { scope: 'address' as const, subject: address },
  { scope: 'account' as const, subject: email },
];

/** An operator account that may sign in: of kind `operator` and not disabled. */
const usable = (user: ConsoleUser | undefined): user is ConsoleUser =>
  user !== undefined && user.kind === 'operator' && user.disabledAt === null;

/** `enrolled`: a second factor is on (an authenticator app or a passkey), so the whole area opens. */
const signedIn = (user: ConsoleUser, enrolled: boolean): SignedInOperator => ({
  id: user.id,
  email: user.email,
  sessionEpoch: user.sessionEpoch,
  enrolled,
});

/**
 * The first step of `/operator/login`: e-mail and password, under the sign-in throttles. Only operator
 * accounts (not disabled) are let in, and a wrong kind answers as a wrong password. With two-step
 * verification or a passkey, the password earns a ticket for the second step; without, a session that opens nothing
 * but the enrolment page (`enrolled: false`): the second factor is mandatory for operators.
 */
export async function checkOperatorPassword(
  { db, config }: SignInDeps,
  input: { email: string; password: string; address: string; nowMs?: number },
): Promise<OperatorSignInOutcome> {
  const email = input.email.trim().toLowerCase();
  const admitted = await admitSignIn(db, throttleKeys(input.address, email));
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  const [user] = await db
    .select()
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email))
    .limit(1);
  const matches = await verifyPassword(input.password, user?.passwordHash ?? (await unknownUserHash()));
  if (!matches || !usable(user)) return { ok: false, refused: 'wrong', locks: admitted.locks };
  if (twoFactorOn(user) || (await hasPasskey(db, user.id))) {
    await signInAttemptReturned(db, admitted);
    return { ok: false, refused: 'code_required', ticket: issueTicket(config.secret, user, input.nowMs ?? Date.now()) };
  }
  await signInSucceeded(db, admitted);
  return { ok: true, operator: signedIn(user, false) };
}

/** The code step of `/operator/login`: the ticket of a correct password and a code, accepted once. */
export async function checkOperatorCode(
  deps: SignInDeps,
  input: { ticket: string; code: string; address: string; nowMs?: number },
): Promise<OperatorSignInOutcome> {
  const { db, config } = deps;
  const nowMs = input.nowMs ?? Date.now();
  const ticket = readTicket(config.secret, input.ticket, nowMs);
  if (!ticket) return { ok: false, refused: 'expired' };
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, ticket.userId));
  if (!usable(user) || user.sessionEpoch !== ticket.epoch || !twoFactorOn(user))
    return { ok: false, refused: 'expired' };
  const admitted = await admitSignIn(db, throttleKeys(input.address, user.email.toLowerCase()));
  if (!admitted.ok)
    return { ok: false, refused: 'throttled', scope: admitted.key.scope, retryAfterS: admitted.retryAfterS };
  if (!(await spendSecondFactor(deps, user, input.code, nowMs)))
    return { ok: false, refused: 'wrong', locks: admitted.locks };
  await signInSucceeded(db, admitted);
  return { ok: true, operator: signedIn(user, true) };
}

/**
 * The passkey step of `/operator/login`: the ticket of a correct password and the answer of one of the
 * operator's passkeys. Only operator accounts (not disabled) are let in; a console user's ticket is refused.
 */
export async function checkOperatorPasskey(
  deps: { db: Db; config: { secret: Buffer; passkeys: PasskeySite } },
  input: { ticket: string; answer: unknown; address: string; nowMs?: number },
): Promise<OperatorSignInOutcome> {
  const outcome = await checkPasskeyStep(deps, input, usable);
  return outcome.ok ? { ok: true, operator: signedIn(outcome.user, true) } : outcome;
}

/**
 * The operator account a session stands for, read on every request: null when the account is gone,
 * disabled, its sessions were ended (a password or 2FA change, a reset, a disable) or this session was
 * signed out. `enrolled` false (neither an authenticator app nor a passkey): only the enrolment page may open.
 */
export async function operatorOfSession(
  db: Db,
  session: { userId: string; epoch: number; sessionId: string | null },
): Promise<{ id: string; email: string; enrolled: boolean } | null> {
  const { sessionId } = session;
  const [user] = await db
    .select({
      user: consoleUsers,
      ended: sessionId
        ? sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.sid} = ${sessionId})`
        : sql<boolean>`false`,
      passkey: sql<boolean>`exists (select 1 from ${passkeys} where ${passkeys.userId} = ${session.userId})`,
    })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.id, session.userId), eq(consoleUsers.kind, 'operator')));
  if (!user || user.ended || !usable(user.user)) return null;
  const current =
    user.user.sessionEpoch === session.epoch || (sessionId !== null && user.user.keptSession === sessionId);
  if (!current) return null;
  return { id: user.user.id, email: user.user.email, enrolled: twoFactorOn(user.user) || user.passkey };
}
