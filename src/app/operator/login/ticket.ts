import 'server-only';
import { cookies } from 'next/headers';
import { getConfig } from '@/server/config';

/**
 * The ticket an operator's correct password earns, carried to the code step in a cookie only the operator
 * sign-in pages receive (httpOnly, path `/operator/login`), never in the address.
 */
const NAME = 'studio-operator-ticket';
const PATH = '/operator/login';

export async function keepOperatorTicket(ticket: string): Promise<void> {
  (await cookies()).set(NAME, ticket, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getConfig().https,
    path: PATH,
    maxAge: 300,
  });
}

export async function readOperatorTicket(): Promise<string | null> {
  return (await cookies()).get(NAME)?.value ?? null;
}

export async function dropOperatorTicket(): Promise<void> {
  (await cookies()).delete({ name: NAME, path: PATH });
}
