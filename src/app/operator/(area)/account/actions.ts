'use server';

import { redirect } from 'next/navigation';
import {
  changePasswordStep,
  finishPasskeyStep,
  regenerateRecoveryCodesStep,
  removePasskeyStep,
  startPasskeyStep,
} from '@/app/(console)/account/account-steps';
import type { ActionFormState } from '@/components/passwords/action-form';
import { operatorSession, operatorSignIn } from '@/trpc/server';

/**
 * The operator account page's actions: the console account page's steps, for the signed-in operator
 * account. Adding a passkey is also a way to enrol, so it takes an account not enrolled yet; the rest
 * needs an enrolled one. The key has no account: back to the sign-in.
 */

async function operatorAccount({ enrolled }: { enrolled: boolean }) {
  const session = enrolled ? await operatorSession() : await operatorSignIn();
  if (!session?.account) redirect('/operator/login');
  return { userId: session.account.id, sessionId: session.sessionId };
}

export async function changeOperatorPasswordAction(
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  return changePasswordStep(await operatorAccount({ enrolled: true }), form);
}

export async function startOperatorPasskeyAction() {
  return startPasskeyStep(await operatorAccount({ enrolled: false }));
}

export async function finishOperatorPasskeyAction(
  name: string,
  answer: string,
): Promise<{ ok: true } | { error: string }> {
  return finishPasskeyStep(await operatorAccount({ enrolled: false }), name, answer);
}

/** Removes a passkey; an operator's last second factor stays (refused with a word why). */
export async function removeOperatorPasskeyAction(
  passkeyId: string,
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  return removePasskeyStep(await operatorAccount({ enrolled: true }), passkeyId, form, true);
}

export async function regenerateOperatorRecoveryCodesAction(
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  return regenerateRecoveryCodesStep(await operatorAccount({ enrolled: true }), form);
}
