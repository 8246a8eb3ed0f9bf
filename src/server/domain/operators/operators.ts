import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AdminActionBody } from '@/contracts/admin';
import type { Db } from '@/server/db/client';
import { isUniqueViolation } from '@/server/db/rows';
import { consoleUsers, passkeys, type ConsoleUser } from '@/server/db/schema';
import type { AdminIdentity } from '@/server/domain/auth/identity';
import { hasPasskey } from '@/server/domain/auth/passkeys';
import { hashPassword } from '@/server/domain/auth/passwords';
import { twoFactorOn } from '@/server/domain/auth/two-factor';
import type { Deps } from '@/server/domain/deps';
import { AppError } from '@/server/errors';

/** An operator account as the Operators page and `operator-list` show it. */
export interface OperatorView {
  id: string;
  email: string;
  two_factor: boolean;
  disabled: boolean;
  created_at: string;
}

/** `withPasskey`: the user holds a passkey, which counts as a second factor as the authenticator app does. */
const operatorView = (u: ConsoleUser, withPasskey = false): OperatorView => ({
  id: u.id,
  email: u.email,
  two_factor: twoFactorOn(u) || withPasskey,
  disabled: u.disabledAt !== null,
  created_at: u.createdAt.toISOString(),
});

/** A generated password: 20 characters from 15 random bytes (120 bits), shown once. */
const generatedPassword = () => randomBytes(15).toString('base64url');

/** Whether any operator account may sign in (one not disabled): the key's browser sign-in closes then. */
export async function operatorAccountsExist(db: Db): Promise<boolean> {
  const [row] = await db
    .select({ id: consoleUsers.id })
    .from(consoleUsers)
    .where(and(eq(consoleUsers.kind, 'operator'), isNull(consoleUsers.disabledAt)))
    .limit(1);
  return row !== undefined;
}

/** Every operator account, oldest first. */
export async function listOperators(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
): Promise<{ operators: OperatorView[] }> {
  const rows = await db
    .select()
    .from(consoleUsers)
    .where(eq(consoleUsers.kind, 'operator'))
    .orderBy(asc(consoleUsers.createdAt), asc(consoleUsers.email));
  const holders = rows.length
    ? await db
        .selectDistinct({ userId: passkeys.userId })
        .from(passkeys)
        .where(
          inArray(
            passkeys.userId,
            rows.map((u) => u.id),
          ),
        )
    : [];
  const withPasskey = new Set(holders.map((h) => h.userId));
  return { operators: rows.map((u) => operatorView(u, withPasskey.has(u.id))) };
}

/**
 * Makes an operator account (from the command line, or by another operator): with the given password, or a
 * generated one answered once. It has no second factor yet: its first sign-in leads to enrolling one, and no
 * operator page opens before that. 409 when the e-mail is taken by any console user.
 */
export async function createOperator(
  { db }: Pick<Deps, 'db'>,
  _who: AdminIdentity,
  input: AdminActionBody<'operator-create'>,
): Promise<{ operator: OperatorView; password: string | null }> {
  const email = input.email.trim().toLowerCase();
  const password = input.password ?? generatedPassword();
  const passwordHash = await hashPassword(password);
  const taken = new AppError('CONFLICT', `A console login for ${email} already exists; choose another e-mail`);
  const [existing] = await db
    .select({ id: consoleUsers.id })
    .from(consoleUsers)
    .where(eq(sql`lower(${consoleUsers.email})`, email));
  if (existing) throw taken;
  try {
    // A savepoint inside the audited action's transaction: a racing insert of the same e-mail leaves it usable.
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(consoleUsers)
        .values({ kind: 'operator', tenantId: null, email, passwordHash })
        .returning();
      return inserted;
    });
    if (!row) throw new Error('the operator account was not stored');
    return { operator: operatorView(row), password: input.password === undefined ? password : null };
  } catch (err) {
    if (isUniqueViolation(err)) throw taken;
    throw err;
  }
}

/**
 * Disables (or enables again) an operator account. Disabling ends its sessions at once (the session epoch
 * rises); an operator cannot disable their own account, so the console never locks out the one acting.
 */
export async function setOperatorDisabled(
  { db }: Pick<Deps, 'db'>,
  who: AdminIdentity,
  input: AdminActionBody<'operator-disable'>,
): Promise<{ operator: OperatorView }> {
  if (input.disabled && who.operator?.id === input.operator_id)
    throw new AppError('CONFLICT', 'You cannot disable your own operator account; ask another operator');
  const [row] = await db
    .update(consoleUsers)
    .set(
      input.disabled
        ? {
            disabledAt: sql`coalesce(${consoleUsers.disabledAt}, now())`,
            sessionEpoch: sql`${consoleUsers.sessionEpoch} + 1`,
            keptSession: null,
          }
        : { disabledAt: null },
    )
    .where(and(eq(consoleUsers.id, input.operator_id), eq(consoleUsers.kind, 'operator')))
    .returning();
  if (!row) throw new AppError('NOT_FOUND', `No operator account ${input.operator_id}`);
  return { operator: operatorView(row, await hasPasskey(db, row.id)) };
}

/**
 * A console user's fields for the audit log's before/after (never its password or secret), by id or by
 * e-mail (an address has an `@`, an id never).
 */
export async function consoleUserSnapshot(
  tx: Db,
  idOrEmail: string,
): Promise<{ tenantId: string | null; fields: Record<string, unknown> } | null> {
  const [u] = await tx
    .select()
    .from(consoleUsers)
    .where(
      idOrEmail.includes('@')
        ? eq(sql`lower(${consoleUsers.email})`, idOrEmail.trim().toLowerCase())
        : eq(consoleUsers.id, idOrEmail),
    );
  if (!u) return null;
  return {
    tenantId: u.tenantId,
    fields: { email: u.email, kind: u.kind, two_factor: twoFactorOn(u), disabled: u.disabledAt !== null },
  };
}
