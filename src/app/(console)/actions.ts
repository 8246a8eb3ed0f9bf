'use server';

import { signOut } from '@/server/edge/next-auth';

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/login' });
}
