import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { CENSORED, censorSecrets } from './logger';

/** Lines as a logger set up like Studio's writes them. */
function capture() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { log: pino({ formatters: { log: censorSecrets } }, sink), lines };
}

describe('log lines', () => {
  it('censor keys and passwords one level into a field, and the secret headers', () => {
    const { log, lines } = capture();
    const upstream = { name: 'sim-chat-a', apiKey: 'sk-upstream-secret', base_url: 'https://u.example' };
    const body = { name: '租户', admin_password: 'hunter2-长密码', api_key: 'sk-studio-abc', password: 'p' };
    log.info(
      {
        upstream,
        body,
        headers: { authorization: 'Bearer sk-x', 'x-api-key': 'sk-y', accept: 'text/event-stream' },
        tenant: 't1',
      },
      'saved',
    );
    const [line] = lines;
    expect(line).toMatchObject({
      msg: 'saved',
      tenant: 't1',
      upstream: { name: 'sim-chat-a', apiKey: CENSORED, base_url: 'https://u.example' },
      body: { name: '租户', admin_password: CENSORED, api_key: CENSORED, password: CENSORED },
      headers: { authorization: CENSORED, 'x-api-key': CENSORED, accept: 'text/event-stream' },
    });
    expect(JSON.stringify(line)).not.toMatch(/sk-upstream|hunter2|sk-studio|sk-x|sk-y/);
    // The caller's objects are not changed.
    expect(upstream.apiKey).toBe('sk-upstream-secret');
    expect(body.admin_password).toBe('hunter2-长密码');
  });

  it('keep an error readable when it carries a secret, and pass other lines through as they are', () => {
    const { log, lines } = capture();
    const err = Object.assign(new TypeError('bad key'), { apiKey: 'sk-in-error' });
    log.error({ err }, 'failed');
    expect(lines[0]?.err).toMatchObject({ type: 'TypeError', message: 'bad key', apiKey: CENSORED });
    expect(String((lines[0]?.err as { stack?: string }).stack)).toMatch(/TypeError: bad key/);
    const plain = {
      tenant: 't',
      usage: { prompt_tokens: 3 },
      list: [{ apiKey: 'in a list: not a field of this line' }],
    };
    expect(censorSecrets(plain)).toBe(plain);
    // A secret field left unset is not announced.
    expect(censorSecrets({ body: { password: undefined, name: 'x' } })).toEqual({
      body: { password: undefined, name: 'x' },
    });
  });
});
