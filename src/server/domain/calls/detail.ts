import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import { ledgerEntries } from '@/server/db/schema';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { AppError } from '@/server/errors';
import { findCall, type CallView } from './read';

/** A credit movement of the call: its charge and any refund. */
export interface CallLedgerLine {
  kind: 'charge' | 'refund';
  amount: number;
  note: string | null;
  at: string;
}

/**
 * One call with its credit movements (the ledger rows under its ref). Same visibility as the list:
 * a member key sees its own calls only; another tenant's or member's call is 404.
 */
export async function readCall(
  { db }: { db: Db },
  who: ScopedIdentity,
  id: string,
): Promise<{ call: CallView; ledger: CallLedgerLine[] }> {
  const found = await findCall(db, who, id);
  if (!found) throw new AppError('NOT_FOUND', 'No such call, or it belongs to another tenant');
  const { ref, ...call } = found;
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.tenantId, who.tenantId), eq(ledgerEntries.ref, ref)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const ledger = rows
    .filter((l): l is typeof l & { kind: 'charge' | 'refund' } => l.kind === 'charge' || l.kind === 'refund')
    .map((l) => ({ kind: l.kind, amount: l.amount, note: l.note, at: l.createdAt.toISOString() }));
  return { call, ledger };
}
