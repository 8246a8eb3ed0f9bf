import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable';

const wrapped = (inner: unknown) =>
  Object.assign(new Error('Failed query: select 1'), {
    cause: Object.assign(new Error('query failed'), { cause: inner }),
  });

describe('isDatabaseUnavailable', () => {
  it('recognises a refused or timed-out connection, however deep the driver wrapped it', () => {
    expect(
      isDatabaseUnavailable(
        wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(wrapped(Object.assign(new Error('write CONNECT_TIMEOUT'), { code: 'CONNECT_TIMEOUT' }))),
    ).toBe(true);
  });

  it('recognises a server that is shutting down or starting up', () => {
    expect(
      isDatabaseUnavailable(
        wrapped(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })),
      ),
    ).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error('the database system is starting up'), { code: '57P03' })),
    ).toBe(true);
  });

  it('recognises a pooler in front that cannot reach the server (PgBouncer: 08P01)', () => {
    const pgbouncer = Object.assign(new Error('server login has been failing, try again later (server_login_retry)'), {
      code: '08P01',
    });
    expect(isDatabaseUnavailable(wrapped(pgbouncer))).toBe(true);
  });

  it('leaves everything else to the usual handling', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('duplicate key value'), { code: '23505' })))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});
