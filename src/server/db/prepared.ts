import type { Db } from './client';

/**
 * A statement of a hot path, prepared once per database handle (drizzle's `.prepare(name)`): later
 * calls send only the parameters, and neither drizzle nor PostgreSQL plan it again. A transaction is
 * its own handle, so it prepares its own copy.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
