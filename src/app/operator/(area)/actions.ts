'use server';

import { signOut } from '@/server/edge/next-auth';

export async function operatorSignOutAction(): Promise<void> {
  await signOut({ redirectTo: '/operator/login' });
}
