import { bigint, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** Column shapes every aggregate repeats, so each table states only what is its own. */

/** A random uuid primary key. */
export const uuidKey = () => uuid().primaryKey().defaultRandom();

/** An increasing integer key, for append-only logs. */
export const serialKey = () => bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

/** A moment in time, stored with its time zone. */
export const at = () => timestamp({ withTimezone: true });

/** When the row was written (or last changed, for `updatedAt`). */
export const stamp = () => at().notNull().defaultNow();

/** A required reference to a parent row; the row goes with its parent. */
export const ownedBy = (parent: () => AnyPgColumn) => uuid().notNull().references(parent, { onDelete: 'cascade' });
