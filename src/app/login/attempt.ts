import 'server-only';
import { AuthError, CredentialsSignin } from 'next-auth';
import { signIn, TooManySignIns } from '@/server/edge/next-auth';
import { tooManyAttempts } from './messages';

/**
 * Signs in with a next-auth provider, which redirects on success. Answers the refusal to show when the
 * credentials are wrong, too many attempts failed, or signing in fails; anything else (the redirect
 * among it) is thrown on.
 */
export async function attemptSignIn(
  provider: 'credentials' | 'operator',
  credentials: Record<string, string> & { redirectTo: string },
  refusals: { wrong: string; unavailable: string },
): Promise<string | null> {
  try {
    await signIn(provider, credentials);
  } catch (err) {
    if (err instanceof TooManySignIns) return await tooManyAttempts(err.retryAfterS);
    if (err instanceof CredentialsSignin) return refusals.wrong;
    if (err instanceof AuthError) return refusals.unavailable;
    // The success path ends in a redirect, which Next.js delivers as a thrown signal.
    throw err;
  }
  return null;
}
