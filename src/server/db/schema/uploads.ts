import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts';
import { mediaTypes } from '@/contracts/uploads';
import { at, stamp, uuidKey } from './columns';
import { tenantRef } from './tenants';

/** `deleted`: the owner deleted it; the row stays so a submission naming the file is refused, not the file served. */
export const uploadStatuses = ['pending', 'ready', 'rejected', 'deleted'] as const;
export type UploadStatus = (typeof uploadStatuses)[number];
/**
 * Files callers uploaded. A proxy upload is `ready` at once; a direct upload is `pending` from its
 * presign until the commit has checked the stored bytes (`ready`) or refused them (`rejected`).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuidKey(),
    tenantId: tenantRef(),
    /** The member that owns it; null for the tenant itself. */
    accountId: uuid().references(() => accounts.id, { onDelete: 'cascade' }),
    key: text().notNull().unique(),
    workspaceId: text(),
    /** The name the file had on the caller's side (proxy uploads), for lists; never used for its type. */
    filename: text(),
    ext: text().notNull(),
    mime: text().notNull(),
    mediaType: text({ enum: mediaTypes }).notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    strategy: text({ enum: ['proxy', 'direct'] }).notNull(),
    status: text({ enum: uploadStatuses }).notNull(),
    /** Why a commit refused the stored bytes. */
    error: text(),
    createdAt: stamp(),
    committedAt: at(),
  },
  (t) => [
    index('uploads_tenant_created_idx').on(t.tenantId, t.createdAt.desc()),
    index('uploads_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

export type Upload = typeof uploads.$inferSelect;
