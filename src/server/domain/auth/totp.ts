import { createHmac, hkdfSync, randomInt, timingSafeEqual } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';

/**
 * The pure checks of two-step verification: TOTP codes (RFC 6238: SHA-1, 6 digits, 30-second steps, as
 * every authenticator app reads an `otpauth://` link), recovery codes and their digests, and the short
 * ticket that carries a sign-in from the password to the code.
 */

export const TOTP_PERIOD_S = 30;
/** A code of the step before or after the server's is still accepted: phones' clocks drift. */
const TOLERANCE_S = TOTP_PERIOD_S;
export const RECOVERY_CODE_COUNT = 10;
const TICKET_TTL_S = 5 * 60;

/** A new TOTP secret (160 random bits, base32). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** The link an authenticator app reads (from the QR code): issuer Studio, labelled with the email. */
export const totpUri = (secret: string, email: string): string =>
  generateURI({ issuer: 'Studio', label: email, secret, period: TOTP_PERIOD_S });

/** What a typed code looks like: a TOTP code (6 digits) or a recovery code (letters and digits). */
export function codeKind(typed: string): { kind: 'totp' | 'recovery'; code: string } | null {
  const code = typed.replace(/[\s-]/g, '').toUpperCase();
  if (/^\d{6}$/.test(code)) return { kind: 'totp', code };
  if (/^[A-Z0-9]{10}$/.test(code)) return { kind: 'recovery', code };
  return null;
}

/**
 * Checks a 6-digit code against the secret at `nowMs`, within one step either side. Answers the time step
 * it belongs to, or null; a step at or before `afterStep` (the last one accepted) is refused: a code
 * works once.
 */
export function totpStep(secret: string, code: string, nowMs: number, afterStep: number | null): number | null {
  const result = verifySync({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    period: TOTP_PERIOD_S,
    epochTolerance: TOLERANCE_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

// Without 0/O and 1/I/L, so a code read off paper is typed right.
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Ten new recovery codes, shown as `XXXXX-XXXXX` (about 49 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const derived = (secret: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), purpose, 32));

/**
 * The stored form of a recovery code: HMAC-SHA256 under a key derived from the instance secret. The codes
 * are random (not chosen by people), so a keyed digest is as strong as a slow hash and a stolen table
 * without the secret tells nothing.
 */
export function recoveryDigest(secret: Buffer, code: string): string {
  const normal = code.replace(/[\s-]/g, '').toUpperCase();
  return createHmac('sha256', derived(secret, 'studio-recovery-codes')).update(normal).digest('hex');
}

const ticketMac = (secret: Buffer, body: string) =>
  createHmac('sha256', derived(secret, 'studio-two-factor-ticket')).update(body).digest('base64url');

/**
 * The ticket a correct password earns when the account asks for a code: the user, their session epoch (a
 * password change meanwhile voids it) and an expiry, signed with the instance secret. It is no session:
 * only the code step accepts it.
 */
export function issueTicket(secret: Buffer, user: { id: string; sessionEpoch: number }, nowMs: number): string {
  const body = `${user.id}.${user.sessionEpoch}.${Math.floor(nowMs / 1000) + TICKET_TTL_S}`;
  return `${body}.${ticketMac(secret, body)}`;
}

/** The user and epoch a ticket stands for, or null when it is forged or expired. */
export function readTicket(secret: Buffer, ticket: string, nowMs: number): { userId: string; epoch: number } | null {
  const parts = ticket.split('.');
  if (parts.length !== 4) return null;
  const [userId, epoch, expires, mac] = parts as [string, string, string, string];
  const expected = Buffer.from(ticketMac(secret, `${userId}.${epoch}.${expires}`));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (Number(expires) * 1000 <= nowMs) return null;
  return { userId, epoch: Number(epoch) };
}
