import 'server-only';
import { cookies } from 'next/headers';
import { getConfig } from '@/server/config';

/**
 * The ticket a correct password earns when the account asks for a code, carried to the code step in a
 * cookie only the sign-in pages receive (httpOnly, path `/login`), never in the address.
 */
const NAME = 'studio-sign-in-ticket';
const MAX_AGE_S = 5 * 60;

export async function keepTicket(ticket: string): Promise<void> {
  (await cookies()).set(NAME, ticket, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getConfig().https,
    path: '/login',
    maxAge: MAX_AGE_S,
  });
}

export async function readTicketCookie(): Promise<string | null> {
  return (await cookies()).get(NAME)?.value ?? null;
}

export async function dropTicket(): Promise<void> {
  (await cookies()).delete({ name: NAME, path: '/login' });
}
