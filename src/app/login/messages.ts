export const INCORRECT_CREDENTIALS = 'Email or password is incorrect';
export const SIGN_IN_UNAVAILABLE = 'Signing in is not possible right now; please try again in a moment';

/** The refusal while sign-ins are throttled; without the wait (a redirect carries none) it says a few minutes. */
export function tooManyAttempts(retryAfterS?: number): string {
  if (retryAfterS === undefined) return 'Too many sign-in attempts; wait a few minutes and try again';
  const minutes = Math.max(1, Math.ceil(retryAfterS / 60));
  return `Too many sign-in attempts; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
