import Credentials from 'next-auth/providers/credentials';
import { CredentialsSignin } from 'next-auth';
import { z } from 'zod';
import { adminDigest, resolveKey } from '@/server/domain/auth/api-keys';
import {
  checkOperatorCode,
  checkOperatorPasskey,
  checkOperatorPassword,
  type OperatorSignInOutcome,
} from '@/server/domain/auth/operator-sign-in';
import { operatorAccountsExist } from '@/server/domain/operators/operators';
import { requestClientAddress } from '@/server/edge/http/client-address';
import { getRuntime } from '@/server/runtime';
import {
  admit,
  credentialsSchema,
  InvalidLogin,
  parseJson,
  passkeySchema,
  secondFactorSchema,
  sessionUser,
  settle,
} from './sign-in-steps';

/**
 * The operator area's sign-in providers: the super-administrator key (break-glass), and an operator
 * account's password, then its second step (a code or a passkey).
 */

/** The key's sign-in in the browser is closed (operator accounts exist, or it is switched off). */
export class KeySignInClosed extends CredentialsSignin {
  override code = 'key_sign_in_closed';
}

/** Whether the super-administrator key may sign in to `/operator` in a browser now (docs/security.md). */
export async function keySignInOpen(): Promise<boolean> {
  const { db, config } = await getRuntime();
  if (config.operatorKeySignIn !== 'auto') return config.operatorKeySignIn === 'on';
  return !(await operatorAccountsExist(db));
}

const operatorSchema = z.object({ key: z.string().min(1).max(200) });
/** Sessions remember which admin key opened them, so rotating the key ends them. */
export const keyFingerprint = (digest: string) => digest.slice(0, 16);

/** An operator sign-in step's outcome as the session's user (refusals thrown as for the console). */
function operatorUser(outcome: OperatorSignInOutcome, who: Record<string, string>) {
  if (!outcome.ok) return sessionUser(outcome, who);
  const { operator } = outcome;
  return { id: operator.id, email: operator.email, kind: 'operator', sv: operator.sessionEpoch };
}

export const operatorProviders = [
  Credentials({
    id: 'operator',
    name: 'Super-administrator key',
    credentials: { key: { label: 'Key', type: 'password' } },
    async authorize(raw, request) {
      const parsed = operatorSchema.safeParse(raw);
      if (!parsed.success) throw new InvalidLogin();
      if (!(await keySignInOpen())) throw new KeySignInClosed();
      const who = { signIn: 'operator' };
      const admitted = await admit(request, (address) => [{ scope: 'operator', subject: address }], who);
      const { db, config } = await getRuntime();
      const resolved = await resolveKey(db, { configured: config.adminKey }, parsed.data.key.trim());
      const digest = await adminDigest(db, { configured: config.adminKey });
      const ok = resolved.ok && resolved.identity.kind === 'admin' && digest !== null;
      await settle(admitted, ok, who);
      if (!ok || !digest) throw new InvalidLogin();
      return { id: 'operator', kind: 'operator', akd: keyFingerprint(digest) };
    },
  }),
  Credentials({
    id: 'operator-account',
    name: 'Operator account',
    credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
    async authorize(raw, request) {
      const parsed = credentialsSchema.safeParse(raw);
      if (!parsed.success) throw new InvalidLogin();
      const email = parsed.data.email.toLowerCase();
      const { db, config } = await getRuntime();
      const address = requestClientAddress(request.headers);
      const outcome = await checkOperatorPassword({ db, config }, { email, password: parsed.data.password, address });
      return operatorUser(outcome, { signIn: 'operator-account', email, address });
    },
  }),
  Credentials({
    id: 'operator-code',
    name: 'Operator two-step verification',
    credentials: { ticket: { type: 'hidden' }, code: { label: 'Code', type: 'text' } },
    async authorize(raw, request) {
      const parsed = secondFactorSchema.safeParse(raw);
      if (!parsed.success) throw new InvalidLogin();
      const { db, config } = await getRuntime();
      const address = requestClientAddress(request.headers);
      const outcome = await checkOperatorCode({ db, config }, { ...parsed.data, address });
      return operatorUser(outcome, { signIn: 'operator-code', address });
    },
  }),
  Credentials({
    id: 'operator-passkey',
    name: 'Operator passkey',
    credentials: { ticket: { type: 'hidden' }, answer: { type: 'hidden' } },
    async authorize(raw, request) {
      const parsed = passkeySchema.safeParse(raw);
      const answer = parsed.success ? parseJson(parsed.data.answer) : undefined;
      if (!parsed.success || answer === undefined || !parsed.data.ticket) throw new InvalidLogin();
      const { db, config } = await getRuntime();
      const address = requestClientAddress(request.headers);
      const outcome = await checkOperatorPasskey({ db, config }, { ticket: parsed.data.ticket, answer, address });
      return operatorUser(outcome, { signIn: 'operator-passkey', address });
    },
  }),
];
