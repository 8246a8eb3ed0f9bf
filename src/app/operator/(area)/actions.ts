'use server';

import { signOut } from '@/server/auth/next-auth';

export async function operatorSignOutAction(): Promise<void> {
  await signOut({ redirectTo: '/operator/login' });
}
