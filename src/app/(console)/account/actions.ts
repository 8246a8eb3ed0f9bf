'use server';

import { redirect } from 'next/navigation';
import type { ActionFormState } from '@/components/passwords/action-form';
import { consoleSession } from '@/trpc/server';
import { changePasswordStep } from './account-steps';

/**
 * Changes the signed-in user's password. The current password is checked under the sign-in throttles;
 * on success every other session of the user ends; this one stays.
 */
export async function changePasswordAction(_previous: ActionFormState, form: FormData): Promise<ActionFormState> {
  const session = await consoleSession();
  if (!session) redirect('/login');
  return changePasswordStep(session, form);
}
