import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import type { Db } from '@/server/db/client';
import { passkeyChallenges, passkeys, type Passkey } from '@/server/db/schema';

/**
 * The WebAuthn ceremonies of passkeys, over `@simplewebauthn/server`: options with a challenge kept on
 * the server, and the checks of the browser's answer. A challenge is taken (deleted) by the first answer
 * naming it, right or wrong, so it serves once; it lapses after five minutes.
 */

export type PasskeySite = { origin: string; rpId: string };
export type ChallengePurpose = 'enrol' | 'second_factor' | 'sign_in';

const CHALLENGE_TTL_MS = 5 * 60_000;
const RP_NAME = 'Studio';

/** The browser's answers as they arrive (JSON from `@simplewebauthn/browser`); anything else is refused. */
const b64url = z
  .string()
  .regex(/^[A-Za-z0-9_-]*$/)
  .max(4096);
const registrationSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: b64url, attestationObject: b64url.max(16384) }),
  clientExtensionResults: z.looseObject({}),
});
const authenticationSchema = z.object({
  id: b64url,
  rawId: b64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: b64url,
    authenticatorData: b64url,
    signature: b64url,
    userHandle: b64url.optional(),
  }),
  clientExtensionResults: z.looseObject({}),
});

/** The challenge the browser signed, read from its client data; null when unreadable. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: string | null) {
  await db
    .insert(passkeyChallenges)
    .values({ challenge, purpose, userId, expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS) });
}

/** Takes the challenge of an answer: it must have been issued for this purpose (and user) and not lapsed. */
async function takeChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string | null> {
  const challenge = challengeOf(clientDataJSON);
  if (!challenge) return null;
  const [taken] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
      ),
    )
    .returning({ expiresAt: passkeyChallenges.expiresAt });
  return taken && taken.expiresAt.getTime() > Date.now() ? challenge : null;
}

/** Drops lapsed challenges (a recurring task). */
export async function pruneChallenges(db: Db): Promise<void> {
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
}

const transportsOf = (row: Pick<Passkey, 'transports'>) => row.transports as AuthenticatorTransportFuture[];

/** Options to create a passkey for a user; their existing passkeys are excluded (one per authenticator). */
export async function enrolmentOptions(
  db: Db,
  site: PasskeySite,
  user: { id: string; email: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.select().from(passkeys).where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: site.rpId,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    // Discoverable, so the passkey also signs in without an email or password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(db, options.challenge, 'enrol', user.id);
  return options;
}

/** The credential a checked enrolment answer holds, or null when the answer is refused. */
export async function checkEnrolment(
  db: Db,
  site: PasskeySite,
  userId: string,
  answer: unknown,
): Promise<{ credentialId: string; publicKey: string; counter: number; transports: string[] } | null> {
  const parsed = registrationSchema.safeParse(answer);
  if (!parsed.success) return null;
  const response = parsed.data as RegistrationResponseJSON;
  const challenge = await takeChallenge(db, response.response.clientDataJSON, 'enrol', userId);
  if (!challenge) return null;
  try {
    const { verified, registrationInfo } = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      requireUserVerification: false,
    });
    if (!verified) return null;
    const { credential } = registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
    };
  } catch {
    return null;
  }
}

/**
 * Options to use a passkey: for one user (the second step after a password: their passkeys are listed),
 * or for anyone (a sign-in without a password: the browser offers its discoverable passkeys for the site).
 */
export async function assertionOptions(
  db: Db,
  site: PasskeySite,
  purpose: 'second_factor' | 'sign_in',
  userId: string | null,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowed = userId ? await db.select().from(passkeys).where(eq(passkeys.userId, userId)) : [];
  const options = await generateAuthenticationOptions({
    rpID: site.rpId,
    allowCredentials: allowed.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    // Without a password, the passkey is the whole sign-in: the authenticator must verify its person.
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
    timeout: CHALLENGE_TTL_MS,
  });
  await keepChallenge(db, options.challenge, purpose, userId);
  return options;
}

/**
 * Checks a passkey's answer: the challenge issued for it (taken, so it serves once), the origin, the RP ID,
 * the signature under the stored public key, and the counter, which must rise unless the authenticator
 * keeps none (both zero). The new counter is written only over the one read, so two answers cannot both
 * pass. Answers the passkey used, or null.
 */
export async function checkAssertion(
  db: Db,
  site: PasskeySite,
  purpose: 'second_factor' | 'sign_in',
  userId: string | null,
  answer: unknown,
): Promise<Passkey | null> {
  const parsed = authenticationSchema.safeParse(answer);
  if (!parsed.success) return null;
  const response = parsed.data as AuthenticationResponseJSON;
  const challenge = await takeChallenge(db, response.response.clientDataJSON, purpose, userId);
  if (!challenge) return null;
  const [key] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id));
  if (!key || (userId !== null && key.userId !== userId)) return null;
  let newCounter: number;
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: site.origin,
      expectedRPID: site.rpId,
      credential: {
        id: key.credentialId,
        publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')),
        counter: key.counter,
        transports: transportsOf(key),
      },
      requireUserVerification: purpose === 'sign_in',
    });
    if (!verified) return null;
    newCounter = authenticationInfo.newCounter;
  } catch {
    return null;
  }
  const [used] = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date() })
    .where(and(eq(passkeys.id, key.id), eq(passkeys.counter, key.counter)))
    .returning();
  return used ?? null;
}
