import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { CredentialsSignin } from 'next-auth';
import { nextPath } from '@/app/login/next-path';
import { finishSso, issueSsoTicket } from '@/server/domain/auth/sso/flow';
import { signIn } from '@/server/edge/next-auth';
import { getRuntime } from '@/server/runtime';
import { ATTEMPT_COOKIE, refusedPath, ssoRedirectUri } from '../attempt-cookie';

/**
 * Where the provider sends the browser back: the answer is checked against the attempt's cookie (which
 * is spent either way), and a verified, matching e-mail opens a console session.
 */
export async function GET(request: Request) {
  const jar = await cookies();
  const attempt = jar.get(ATTEMPT_COOKIE)?.value;
  jar.delete({ name: ATTEMPT_COOKIE, path: '/login/sso' });
  const { db, config } = await getRuntime();
  // The address the provider redirected to, on Studio's public base (the request may have come through a proxy).
  const callbackUrl = new URL(ssoRedirectUri());
  callbackUrl.search = new URL(request.url).search;
  const outcome = await finishSso({ db, config }, { attempt, callbackUrl, redirectUri: ssoRedirectUri() });
  if (!outcome.ok) redirect(refusedPath(outcome.refused));
  try {
    await signIn('sso', { ticket: issueSsoTicket(config.secret, outcome.user), redirectTo: nextPath(outcome.next) });
  } catch (err) {
    // The account changed between the check and the session (a password reset): start again.
    if (err instanceof CredentialsSignin) redirect(refusedPath('state'));
    throw err;
  }
  redirect(nextPath(outcome.next));
}
