import { hkdfSync } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import NextAuth, { CredentialsSignin } from 'next-auth';
import Credentials from 'next-auth/providers/credentials';
import { z } from 'zod';
import { getConfig } from '../config';
import { consoleUsers } from '../db/schema';
import { verifyPassword } from '../domain/auth/passwords';
import { getRuntime } from '../runtime';

const credentialsSchema = z.object({ email: z.email(), password: z.string().min(1).max(200) });

/** The console's signed-in person: today a tenant administrator, who acts as the tenant. */
export interface ConsoleSession {
  userId: string;
  kind: 'tenant_admin';
  tenantId: string;
  email: string;
}

class InvalidLogin extends CredentialsSignin {
  override code = 'invalid_credentials';
}

function authSecret(): string {
  const key = hkdfSync('sha256', getConfig().secret, Buffer.alloc(0), 'studio-console-session', 32);
  return Buffer.from(key).toString('base64');
}

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: authSecret(),
  trustHost: true,
  session: { strategy: 'jwt', maxAge: 7 * 24 * 3600 },
  pages: { signIn: '/login' },
  providers: [
    Credentials({
      credentials: { email: { label: 'Email', type: 'email' }, password: { label: 'Password', type: 'password' } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new InvalidLogin();
        const { db } = await getRuntime();
        const [user] = await db
          .select()
          .from(consoleUsers)
          .where(eq(sql`lower(${consoleUsers.email})`, parsed.data.email.toLowerCase()))
          .limit(1);
        if (!user || !user.tenantId || !(await verifyPassword(parsed.data.password, user.passwordHash))) {
          throw new InvalidLogin();
        }
        return { id: user.id, email: user.email, kind: user.kind, tenantId: user.tenantId };
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        const u = user as { id: string; kind: string; tenantId: string };
        token.uid = u.id;
        token.kind = u.kind;
        token.tenantId = u.tenantId;
      }
      return token;
    },
    session({ session, token }) {
      return Object.assign(session, { uid: token.uid, kind: token.kind, tenantId: token.tenantId });
    },
  },
}));

/** The signed-in console user of this request, or null. */
export async function getConsoleSession(): Promise<ConsoleSession | null> {
  const session = (await auth()) as (Record<string, unknown> & { user?: { email?: string | null } }) | null;
  if (!session) return null;
  const { uid, kind, tenantId } = session;
  if (typeof uid !== 'string' || kind !== 'tenant_admin' || typeof tenantId !== 'string') return null;
  return { userId: uid, kind, tenantId, email: session.user?.email ?? '' };
}
