'use server';

import { signIn } from '@/server/edge/next-auth';

/**
 * Signs in the account a claim code has just opened, without leaving the claim page (which still
 * shows what it shows only once: a generated password, the API key). Answers whether it worked; a
 * refusal (throttled, wrong password) leaves the buyer to sign in from the page's link.
 */
export async function signInAfterClaim(email: string, password: string): Promise<boolean> {
  if (typeof email !== 'string' || typeof password !== 'string' || !email || !password) return false;
  try {
    await signIn('credentials', { email, password, redirect: false });
    return true;
  } catch {
    return false;
  }
}
