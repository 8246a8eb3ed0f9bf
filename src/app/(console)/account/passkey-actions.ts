'use server';

import { redirect } from 'next/navigation';
import type { ActionFormState } from '@/components/passwords/action-form';
import { consoleSession } from '@/trpc/server';
import { finishPasskeyStep, removePasskeyStep, startPasskeyStep } from './account-steps';

async function signedIn() {
  const session = await consoleSession();
  if (!session) redirect('/login');
  return session;
}

/** The options the browser creates a passkey with; the challenge stays on the server. */
export async function startPasskeyAction() {
  return startPasskeyStep(await signedIn());
}

/** Keeps the passkey the browser made, under its name; every other session of the user ends. */
export async function finishPasskeyAction(name: string, answer: string): Promise<{ ok: true } | { error: string }> {
  return finishPasskeyStep(await signedIn(), name, answer);
}

/** Removes one of the user's passkeys, with the current password; every other session of the user ends. */
export async function removePasskeyAction(
  passkeyId: string,
  _previous: ActionFormState,
  form: FormData,
): Promise<ActionFormState> {
  return removePasskeyStep(await signedIn(), passkeyId, form);
}
