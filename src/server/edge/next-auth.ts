import { hkdfSync, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import NextAuth from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { getConfig } from '@/server/config';
import { headers } from 'next/headers';
import { consoleSessions, consoleUsers, endedSessions } from '@/server/db/schema';
import { recordSighting, sightingDue } from '@/server/domain/auth/console-sessions';
import { deviceLabel } from '@/server/domain/auth/device';
import { endSession, sessionEnded } from '@/server/domain/auth/ended-sessions';
import { adminDigest } from '@/server/domain/auth/api-keys';
import { checkPassword, checkSecondFactor } from '@/server/domain/auth/console-sign-in';
import { checkPasskeySecondFactor, checkPasskeySignIn } from '@/server/domain/auth/passkey-sign-in';
import { operatorOfSession } from '@/server/domain/auth/operator-sign-in';
import { redeemSsoTicket } from '@/server/domain/auth/sso/flow';
import { requestClientAddress, requestExactAddress } from '@/server/edge/http/client-address';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';
import { presentedKey, type SessionIdentity } from '@/server/api/context';
import { keyFingerprint, keySignInOpen, operatorProviders } from './operator-providers';
import {
  credentialsSchema,
  InvalidLogin,
  parseJson,
  passkeySchema,
  secondFactorSchema,
  sessionUser,
} from './sign-in-steps';

export { KeySignInClosed, keySignInOpen } from './operator-providers';
export { TooManySignIns, TwoFactorExpired, TwoFactorRequired } from './sign-in-steps';

/**
 * The console's signed-in person: a tenant administrator, who acts as the tenant, or a buyer whose
 * platform account (a personal tenant) was opened by a claim code.
 */
export interface ConsoleSession {
  userId: string;
  kind: 'tenant_admin' | 'platform_account';
  tenantId: string;
  email: string;
  /** This sign-in's id (absent on sessions signed before it existed). */
  sessionId: string | null;
}

/**
 * An operator signed in: with an operator account (`account`; `enrolled` false until their second factor
 * is on, when only the enrolment page opens), or with the super-administrator key (no `account`).
 */
export interface OperatorSession {
  kind: 'operator';
  account?: { id: string; email: string };
  enrolled: boolean;
  sessionId: string | null;
}

function authSecret(): string {
  const key = hkdfSync('sha256', getConfig().secret, Buffer.alloc(0), 'studio-console-session', 32);
  return Buffer.from(key).toString('base64');
}

/** How long a session lasts without signing in again. */
const SESSION_MAX_AGE_S = 7 * 24 * 3600;

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  // Behind an https address the session cookie is Secure (and named __Secure-…), whatever the hop to Node.
  useSecureCookies: getConfig().https,
  session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: '/login' },
  events: {
    // Signing out ends the session on the server too: a copy of the cookie no longer works anywhere.
    async signOut(message) {
      const token = 'token' in message ? message.token : null;
      if (typeof token?.sid !== 'string') return;
      const { db } = await getRuntime();
      const expiresAt = new Date(
        typeof token.exp === 'number' ? token.exp * 1000 : Date.now() + SESSION_MAX_AGE_S * 1000,
      );
      await endSession(db, token.sid, expiresAt);
    },
  },
  // A wrong password is an ordinary event, not a server error: log it quietly, and everything else as errors.
  logger: {
    error(error) {
      const type = (error as { type?: string }).type;
      if (type === 'CredentialsSignin' || error.name === 'CredentialsSignin') logger.info('console sign-in refused');
      else logger.error({ err: error }, 'console authentication error');
    },
    warn(code) {
      logger.warn({ code }, 'console authentication warning');
    },
  },
  providers: [
    ...operatorProviders,
    Credentials({
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidLogin();
        const email = parsed.data.email.toLowerCase();
        const { db, config } = await getRuntime();
        const address = requestClientAddress(request.headers);
        const outcome = await checkPassword({ db, config }, { email, password: parsed.data.password, address });
        return sessionUser(outcome, { signIn: 'console', email, address });
      },
    }),
    Credentials({
      id: 'second-factor',
      name: 'Two-step verification',
      credentials: { ticket: { type: 'hidden' }, code: { label: 'Code', type: 'text' } },
      async authorize(raw, request) {
        const parsed = secondFactorSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidLogin();
        const { db, config } = await getRuntime();
        const address = requestClientAddress(request.headers);
        const outcome = await checkSecondFactor({ db, config }, { ...parsed.data, address });
        return sessionUser(outcome, { signIn: 'second-factor', address });
      },
    }),
    // Single sign-on ends here: /login/sso/callback checked the provider's answer and hands over its ticket.
    Credentials({
      id: 'sso',
      name: 'Single sign-on',
      credentials: { ticket: { type: 'hidden' } },
      async authorize(raw) {
        const ticket = typeof raw.ticket === 'string' ? raw.ticket : '';
        const { db, config } = await getRuntime();
        const user = await redeemSsoTicket({ db, config }, ticket);
        if (!user) throw new InvalidLogin();
        return { id: user.id, email: user.email, kind: user.kind, tenantId: user.tenantId, sv: user.sessionEpoch };
      },
    }),
    Credentials({
      id: 'passkey',
      name: 'Passkey',
      credentials: { ticket: { type: 'hidden' }, answer: { type: 'hidden' } },
      async authorize(raw, request) {
        const parsed = passkeySchema.safeParse(raw);
        const answer = parsed.success ? parseJson(parsed.data.answer) : undefined;
        if (!parsed.success || answer === undefined) throw new InvalidLogin();
        const { db, config } = await getRuntime();
        const address = requestClientAddress(request.headers);
        const { ticket } = parsed.data;
        const outcome = ticket
          ? await checkPasskeySecondFactor({ db, config }, { ticket, answer, address })
          : await checkPasskeySignIn({ db, config }, { answer, address });
        return sessionUser(outcome, { signIn: ticket ? 'passkey-second-factor' : 'passkey', address });
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; kind: string; tenantId?: string; akd?: string; sv?: number };
        token.uid = u.id;
        token.sv = u.sv;
        // This sign-in's own id: a password change made from it keeps it signed in.
        token.sid = randomUUID();
        // When this sign-in happened, for the list of sessions.
        token.at = Math.floor(Date.now() / 1000);
        token.kind = u.kind;
        token.tenantId = u.tenantId;
        token.akd = u.akd;
      }
      return token;
    },
    session({ session, token }) {
      return Object.assign(session, {
        uid: token.uid,
        kind: token.kind,
        tenantId: token.tenantId,
        akd: token.akd,
        sv: token.sv,
        sid: token.sid,
        at: token.at,
      });
    },
  },
}));

/**
 * The signed-in console user of this request, or null. A session signed in before the user's password
 * last changed (an older session epoch) is over, except the one session that made the change.
 */
export async function getConsoleSession(): Promise<ConsoleSession | null> {
  const session = (await auth()) as (Record<string, unknown> & { user?: { email?: string | null } }) | null;
  if (!session) return null;
  const { uid, kind, tenantId, sv, sid, at } = session;
  if (
    typeof uid !== 'string' ||
    (kind !== 'tenant_admin' && kind !== 'platform_account') ||
    typeof tenantId !== 'string'
  )
    return null;
  const { db } = await getRuntime();
  const sessionId = typeof sid === 'string' ? sid : null;
  const [user] = await db
    .select({
      epoch: consoleUsers.sessionEpoch,
      kept: consoleUsers.keptSession,
      ended: sessionId
        ? sql<boolean>`exists (select 1 from ${endedSessions} where ${endedSessions.sid} = ${sessionId})`
        : sql<boolean>`false`,
      seen: sessionId
        ? sql<
            string | null
          >`(select ${consoleSessions.lastSeenAt} from ${consoleSessions} where ${consoleSessions.sid} = ${sessionId})`
        : sql<null>`null`,
    })
    .from(consoleUsers)
    .where(eq(consoleUsers.id, uid));
  const current =
    user !== undefined &&
    !user.ended &&
    (user.epoch === (typeof sv === 'number' ? sv : 0) || (sessionId !== null && user.kept === sessionId));
  if (!current) return null;
  if (sessionId !== null && sightingDue(user.seen === null ? null : new Date(user.seen))) {
    const h = await headers();
    await recordSighting(db, {
      sid: sessionId,
      userId: uid,
      epoch: typeof sv === 'number' ? sv : 0,
      device: deviceLabel(h.get('user-agent')),
      address: requestExactAddress(h),
      signedInAt: typeof at === 'number' ? new Date(at * 1000) : new Date(),
      expiresAt:
        typeof session.expires === 'string'
          ? new Date(session.expires)
          : new Date(Date.now() + SESSION_MAX_AGE_S * 1000),
    });
  }
  return { userId: uid, kind, tenantId, email: session.user?.email ?? '', sessionId };
}

/** The request's console session as the API context takes it, or null. */
export async function consoleSessionIdentity(): Promise<SessionIdentity | null> {
  const s = await getConsoleSession();
  return s
    ? { tenantId: s.tenantId, userId: s.userId, ...(s.kind === 'platform_account' ? { personal: true as const } : {}) }
    : null;
}

/**
 * The console session a request rides on, or null when it presents a key (a key wins, and its
 * request need not pay for reading the cookie) or has no session.
 */
export async function sessionOfRequest(req: Request): Promise<SessionIdentity | null> {
  return presentedKey(req.headers) ? null : consoleSessionIdentity();
}

/**
 * The operator session of this request, enrolled or not, or null. An account session is checked against
 * its account on every request (disabled, sessions ended, signed out); a key session is refused once the
 * key's browser sign-in is closed or the key was rotated.
 */
export async function getOperatorSignIn(): Promise<OperatorSession | null> {
  const session = (await auth()) as
    (Record<string, unknown> & { kind?: unknown; akd?: unknown; sid?: unknown; uid?: unknown; sv?: unknown }) | null;
  if (!session || session.kind !== 'operator') return null;
  const { db, config } = await getRuntime();
  const sessionId = typeof session.sid === 'string' ? session.sid : null;
  if (typeof session.akd !== 'string') {
    if (typeof session.uid !== 'string') return null;
    const epoch = typeof session.sv === 'number' ? session.sv : 0;
    const operator = await operatorOfSession(db, { userId: session.uid, epoch, sessionId });
    if (!operator) return null;
    return {
      kind: 'operator',
      account: { id: operator.id, email: operator.email },
      enrolled: operator.enrolled,
      sessionId,
    };
  }
  if (sessionId && (await sessionEnded(db, sessionId))) return null;
  if (!(await keySignInOpen())) return null;
  const digest = await adminDigest(db, { configured: config.adminKey });
  return digest && keyFingerprint(digest) === session.akd ? { kind: 'operator', enrolled: true, sessionId } : null;
}

/** The signed-in operator who may use the operator area (second factor on, or the key), or null. */
export async function getOperatorSession(): Promise<OperatorSession | null> {
  const session = await getOperatorSignIn();
  return session?.enrolled ? session : null;
}
