import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { at, stamp } from './columns';

/**
 * Console sign-in attempts per account (email) and per client address, shared by every web
 * instance. An attempt counts as a failure from the moment it starts until it succeeds; past a
 * rule's allowance the key is locked until `lockedUntil`. See domain/auth/sign-in-throttle.ts.
 */
export const signInThrottles = pgTable(
  'sign_in_throttles',
  {
    /** `account:<email>`, `address:<client address>` or `operator:<client address>`. */
    key: text().primaryKey(),
    failures: integer().notNull(),
    lastFailureAt: stamp(),
    lockedUntil: at(),
  },
  (t) => [index('sign_in_throttles_last_failure_idx').on(t.lastFailureAt)],
);
