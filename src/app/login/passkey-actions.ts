'use server';

import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { passkeySignInOptions, secondFactorPasskeyOptions } from '@/server/domain/auth/passkey-sign-in';
import { getRuntime } from '@/server/runtime';
import { attemptSignIn } from './attempt';
import { dropTicket, readTicketCookie } from './code/ticket-cookie';
import { nextPath } from './next-path';

/**
 * Signing in with a passkey: options (a challenge kept on the server) and the browser's answer, on its own
 * from the sign-in page or as the second step after the password (the ticket cookie names the user). On
 * success next-auth redirects to `next`.
 */

export type PasskeyOptions = { options: PublicKeyCredentialRequestOptionsJSON };

const expiredTo = (next: string) => `/login?expired=1&next=${encodeURIComponent(nextPath(next))}`;

export async function passkeyOptionsAction(next: string, step: boolean): Promise<PasskeyOptions> {
  const { db, config } = await getRuntime();
  if (!step) return { options: await passkeySignInOptions({ db, config }) };
  const ticket = await readTicketCookie();
  const options = ticket ? await secondFactorPasskeyOptions({ db, config }, ticket) : null;
  if (!options) redirect(expiredTo(next));
  return { options };
}

export async function signInWithPasskey(
  next: string,
  step: boolean,
  answer: string,
): Promise<{ error: string | null }> {
  const t = await getTranslations('login.passkey');
  const unavailable = (await getTranslations('login.errors'))('unavailable');
  const to = nextPath(next);
  if (typeof answer !== 'string' || answer.length > 32_000) return { error: t('incorrect') };
  const ticket = step ? await readTicketCookie() : null;
  if (step && !ticket) redirect(expiredTo(next));
  try {
    const refused = await attemptSignIn(
      'passkey',
      { answer, redirectTo: to, ...(ticket ? { ticket } : {}) },
      { wrong: t('incorrect'), unavailable },
    );
    return { error: refused };
  } catch (err) {
    // Signed in (the redirect is thrown on), or sent back to the password: a ticket has served.
    if (ticket) await dropTicket();
    throw err;
  }
}
