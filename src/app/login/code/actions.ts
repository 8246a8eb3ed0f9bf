'use server';

import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { attemptSignIn } from '../attempt';
import { textField } from '../login-schema';
import { nextPath } from '../next-path';
import { dropTicket, readTicketCookie } from './ticket-cookie';

export interface CodeState {
  error: string | null;
}

/**
 * The code step of a sign-in with two-step verification: the ticket from the password step and a code
 * from the authenticator app (or a recovery code). On success next-auth redirects to `next`.
 */
export async function signInWithCode(next: string, _previous: CodeState, form: FormData): Promise<CodeState> {
  const t = await getTranslations('login.code');
  const ticket = await readTicketCookie();
  const to = nextPath(next);
  if (!ticket) redirect(`/login?expired=1&next=${encodeURIComponent(to)}`);
  const code = textField(form, 'code').trim();
  if (!code) return { error: t('required') };
  if (code.length > 40) return { error: t('incorrect') };
  try {
    const refused = await attemptSignIn(
      'second-factor',
      { ticket, code, redirectTo: to },
      { wrong: t('incorrect'), unavailable: (await getTranslations('login.errors'))('unavailable') },
    );
    return { error: refused };
  } catch (err) {
    // Signed in (the redirect is thrown on), or sent back to the password: the ticket has served.
    await dropTicket();
    throw err;
  }
}
