import type { Db } from '@/server/db/client';
import { recordAudit } from '@/server/domain/audit/audit';
import { auditBody } from '@/server/domain/audit/redact';

/**
 * Runs a command-line change in one transaction with its audit row (actor `studio`, the command line):
 * operator accounts and two-step resets made there are in the audit log like those of the console.
 */
export async function runAudited<T extends Record<string, unknown>>(
  { db }: { db: Db },
  action: string,
  input: Record<string, unknown>,
  change: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const answer = await change(tx);
    const user = (answer.operator ?? answer.user) as { id?: string; email?: string } | undefined;
    await recordAudit(tx, {
      actor: 'studio',
      actorName: 'command line',
      action,
      targetKind: 'console-user',
      targetId: user?.id ?? null,
      tenantId: null,
      body: auditBody(input),
      before: null,
      after: null,
      requestId: null,
    });
    return answer;
  });
}
