/** The e-mail a code was claimed with in this browser, so "Already claimed? Sign in" can fill it in. */
const keyOf = (code: string) => `studio.claimed.${code}`;

export function rememberClaimEmail(code: string, email: string): void {
  try {
    window.localStorage.setItem(keyOf(code), email);
  } catch {
    // Storage refused (private mode): the sign-in page simply starts empty.
  }
}

export function claimedEmail(code: string): string | null {
  try {
    return window.localStorage.getItem(keyOf(code));
  } catch {
    return null;
  }
}

/** Where "Already claimed? Sign in" goes: the sign-in page, with the e-mail when this browser claimed the code. */
export function signInHref(email: string | null): string {
  const params = new URLSearchParams({ ...(email ? { email } : {}), next: '/overview' });
  return `/login?${params.toString()}`;
}
