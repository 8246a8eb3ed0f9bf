import { and, eq } from 'drizzle-orm';
import { uploads } from '@/server/db/schema';
import { logger } from '@/server/logger';
import { recordAudit } from '@/server/domain/audit/audit';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';
import { AppError, declared, notFound, notFoundError } from '@/server/errors';
import { currentRequestId } from '@/server/request-id';
import { inUseText, jobsUsing, templatesUsing } from './in-use';
import { thumbnailKeyOf } from './thumbnails';

/** What `DELETE /api/uploads` answers besides success and the caller's refusals. */
export const DELETE_UPLOAD_ERRORS = [
  notFoundError('upload (another owner’s, or already deleted)'),
  declared(
    'CONFLICT',
    'The file is in use: a job still in progress names it, or one of your templates shows it as a sample or reference; `error` says which',
  ),
];

/** Who deleted, as the audit log names it. */
const actorOf = (who: ScopedIdentity) =>
  who.kind === 'member' ? 'member-key' : who.via === 'session' ? 'tenant-console' : 'tenant-key';

/**
 * Deletes one of the caller's uploads (a member its own, the tenant any of its tenant's), its stored
 * file and its thumbnail. Refused (409) while a job in flight uses it or a template of the tenant
 * shows it: the row is held under an update lock while that is checked, and an image submission
 * share-locks the uploads it uses, so a race between the two ends with one of them refused whole.
 */
export async function deleteUpload(
  ctx: Pick<Deps, 'db' | 'files'>,
  who: ScopedIdentity,
  input: { key: string },
): Promise<{ key: string; deleted: true }> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(uploads)
      .where(
        and(
          eq(uploads.key, input.key),
          eq(uploads.tenantId, who.tenantId),
          eq(uploads.status, 'ready'),
          ...(who.kind === 'member' ? [eq(uploads.accountId, who.accountId)] : []),
        ),
      )
      .for('update');
    if (!row) throw notFound('Upload');
    const uses = await jobsUsing(tx, who.tenantId, row.key);
    if (uses.length === 0) uses.push(...(await templatesUsing(tx, who.tenantId, row.key)));
    if (uses.length > 0) throw new AppError('CONFLICT', inUseText(uses));
    // Kept as a tombstone: a submission that share-locked the row after this sees it deleted and is refused.
    await tx.update(uploads).set({ status: 'deleted' }).where(eq(uploads.id, row.id));
    await recordAudit(tx, {
      actor: actorOf(who),
      action: 'upload-delete',
      targetKind: 'upload',
      targetId: row.key,
      tenantId: who.tenantId,
      body: { key: row.key },
      before: { filename: row.filename, mime: row.mime, size: row.size },
      after: null,
      requestId: currentRequestId() ?? null,
    });
    return row;
  });
  // The record says deleted, so nothing can use the file any more; its bytes and thumbnail follow.
  for (const key of [removed.key, thumbnailKeyOf(removed.key)]) {
    await ctx.files.delete(key).catch((err: unknown) => logger.warn({ err, key }, 'could not remove a deleted upload'));
  }
  return { key: removed.key, deleted: true };
}
