import 'server-only';
import { redirect } from 'next/navigation';
import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn, TooManySignIns, TwoFactorExpired, TwoFactorRequired } from '@/server/edge/next-auth';
import { dropTicket, keepTicket } from './code/ticket-cookie';
import { tooManyAttempts } from './messages';

/**
 * Signs in with a next-auth provider, which redirects on success. Answers the refusal to show when the
 * credentials are wrong, too many attempts failed, or signing in fails; anything else (the redirect
 * among it) is thrown on. A correct password of an account with two-step verification goes on to the
 * code step (`/login/code`) with its ticket; an expired ticket goes back to the password.
 */
export async function attemptSignIn(
  provider: 'credentials' | 'operator' | 'second-factor' | 'passkey',
  credentials: Record<string, string> & { redirectTo: string },
  refusals: { wrong: string; unavailable: string },
): Promise<string | null> {
  try {
    await signIn(provider, credentials);
  } catch (err) {
    if (err instanceof TooManySignIns) return await tooManyAttempts(err.retryAfterS);
    if (err instanceof TwoFactorRequired) {
      await keepTicket(err.ticket);
      redirect(`/login/code?next=${encodeURIComponent(credentials.redirectTo)}`);
    }
    if (err instanceof TwoFactorExpired) {
      await dropTicket();
      redirect(`/login?expired=1&next=${encodeURIComponent(credentials.redirectTo)}`);
    }
    if (err instanceof CredentialsSignin) return refusals.wrong;
    if (err instanceof AuthError) return refusals.unavailable;
    // The success path ends in a redirect, which Next.js delivers as a thrown signal.
    throw err;
  }
  return null;
}
