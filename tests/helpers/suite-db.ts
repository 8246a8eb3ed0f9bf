import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-db';

/**
 * A fresh database for the test file that calls it: created before its first test, dropped after its
 * last. The answer reads through to that database once it exists.
 */
export function suiteDatabase(): TestDatabase {
  let current: TestDatabase | undefined;
  beforeAll(async () => {
    current = await createTestDatabase();
  });
  afterAll(async () => {
    await current?.close();
  });
  return new Proxy({} as TestDatabase, {
    get(_, key: keyof TestDatabase) {
      if (!current) throw new Error('the suite database is used before beforeAll created it');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
