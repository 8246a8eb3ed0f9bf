import { request } from 'node:http';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, newTenant, upload } from '../helpers/api';
import { PASSWORD, signIn, tenantWithLogin } from '../helpers/console-session';
import { sample } from '../helpers/media-samples';

/**
 * Every header Studio reads, sent broken on every kind of way in (REST with a key, the job feed, files,
 * chat, the console's pages and API with a session, server actions, the operator area): whatever the
 * value, the answer is never a 5xx, and an API refusal is Studio's JSON error naming the problem.
 * Values are sent as raw bytes (Node's client passes 0x80-0xff through), as a hostile client would.
 */

/** A header value as bytes: UTF-8 text a browser never sends, read by the server as latin1. */
const bytes = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const HOSTILE: string[] = [
  '',
  ' ',
  'x'.repeat(6000),
  bytes('桂花乌龙'),
  '\u00e9\u00ff\u0080',
  '%00%ff',
  ',,,;;;===',
  '"',
  '-1',
  '99999999999999999999999999',
  '\t',
  '{"a":[1,2,{"b":null}]}',
  '../../../etc/passwd',
];

/** The headers Studio reads, each with values its grammar makes tempting, besides the hostile ones. */
const HEADERS: Record<string, string[]> = {
  'idempotency-key': [],
  'x-request-id': [],
  'last-event-id': ['0', '1e400', 'NaN', '123abc'],
  range: ['bytes=', 'bytes=5-1', 'bytes=-0', 'bytes=0-0,'.repeat(300), 'bytes=99999999999999999999-', 'items=0-1'],
  cookie: [
    'authjs.session-token=garbage',
    '__Secure-authjs.session-token=garbage',
    `authjs.session-token=${'A'.repeat(4000)}`,
    'authjs.session-token.0=abc; authjs.session-token.1=def',
    'studio_locale=xx; studio_locale=zh-CN',
    'studio_locale=%E0%A4%A',
    '=;=;=',
  ],
  'accept-language': ['*;q=abc', 'zh-CN;q=0.9,en;q=0.8'.repeat(200)],
  'x-forwarded-for': ['300.1.1.1', '::ffff:999.1.1.1', '1.1.1.1, , ,'],
  'x-forwarded-host': ['evil.example:99999', 'a b c'],
  'x-forwarded-proto': ['gopher', 'https,http'],
  forwarded: ['for="_gazonk"; proto=https; host=evil.example'],
  'content-type': ['application/json; charset=utf-16', 'multipart/form-data; boundary=', 'application/json;;;'],
  authorization: ['Bearer', 'Bearer ', 'Basic Og==', `Bearer ${'k'.repeat(3000)}`, 'Bearer a b'],
  'x-api-key': ['sk-studio-', bytes('sk-studio-密钥')],
  'if-none-match': ['*', 'W/""'.repeat(100)],
  rsc: ['1'],
  'next-router-state-tree': ['%7B', '[', encodeURIComponent(JSON.stringify(['', { a: 1 }]))],
  'next-router-prefetch': ['1', '2'],
  'next-url': ['//evil.example', bytes('/桂花')],
  'next-action': ['x', 'a'.repeat(42)],
};

interface Target {
  name: string;
  method: string;
  path: () => string;
  /** Headers the target needs to reach its handler (a key, a session). */
  base: () => Record<string, string>;
  body?: string;
  /** An API answer: a refusal is Studio's JSON error. */
  api: boolean;
}

/** The error text of Studio's body (`error`) or of OpenAI's shape on chat (`error.message`). */
function errorText(body: unknown): string | null {
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error === 'string') return error;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : null;
}

interface Answer {
  status: number;
  type: string;
  body: string;
}

/** Sends one request with raw header values; reads at most the first 64 KB (the feed never ends). */
function send(base: string, target: Target, name: string, value: string): Promise<Answer> {
  const url = new URL(target.path(), base);
  const headers: Record<string, string> = { ...target.base(), [name]: value };
  if (target.body !== undefined && name !== 'content-type') headers['content-type'] ??= 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(url, { method: target.method, headers, timeout: 30_000 }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        resolve({
          status: res.statusCode ?? 0,
          type: String(res.headers['content-type'] ?? ''),
          body: Buffer.concat(chunks).toString('utf8'),
        });
        req.destroy();
      };
      res.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size > 65_536 || String(res.headers['content-type']).startsWith('text/event-stream')) done();
      });
      res.on('end', done);
      res.on('error', () => done());
    });
    req.on('timeout', () => req.destroy(new Error(`${target.name} ${name}: no answer in 30 s`)));
    req.on('error', reject);
    req.end(target.body);
  });
}

describe('header sweep: no header value reaches a 5xx on any way in', () => {
  const base = inject('apiBase');
  const targets: Target[] = [];

  beforeAll(async () => {
    const tenant = await newTenant({ credits: 50 });
    const file = await upload(base, tenant.key, await sample('png'), { filename: 'a.png', type: 'image/png' });
    const fileUrl = new URL(file.body.url);
    const login = await tenantWithLogin(base);
    const session = await signIn(base, { email: login.email, password: PASSWORD });
    const operator = await signIn(base, { key: adminKey() }, { provider: 'operator' });
    const key = () => ({ 'x-api-key': tenant.key });
    const cookie = () => ({ cookie: session.cookie });
    targets.push(
      {
        name: 'POST /api/generate',
        method: 'POST',
        path: () => '/api/generate',
        base: key,
        body: JSON.stringify({ prompt: 'a', quality: 'nope' }),
        api: true,
      },
      { name: 'GET /api/jobs', method: 'GET', path: () => '/api/jobs?limit=1', base: key, api: true },
      { name: 'GET /api/jobs-stream', method: 'GET', path: () => '/api/jobs-stream', base: key, api: true },
      {
        name: 'POST /api/chat/completions',
        method: 'POST',
        path: () => '/api/chat/completions',
        base: key,
        body: JSON.stringify({ model: 'no-such-model', messages: [{ role: 'user', content: 'hi' }] }),
        api: true,
      },
      { name: 'GET /files', method: 'GET', path: () => fileUrl.pathname, base: () => ({}), api: false },
      { name: 'GET /overview', method: 'GET', path: () => '/overview', base: cookie, api: false },
      { name: 'GET /login', method: 'GET', path: () => '/login?next=%2Fjobs', base: () => ({}), api: false },
      { name: 'GET /claim/<code>', method: 'GET', path: () => '/claim/NOPE2345', base: () => ({}), api: false },
      {
        name: 'GET /operator',
        method: 'GET',
        path: () => '/operator',
        base: () => ({ cookie: operator.cookie }),
        api: false,
      },
      { name: 'GET /api/trpc', method: 'GET', path: () => '/api/trpc/session.me', base: cookie, api: true },
      {
        name: 'POST server action',
        method: 'POST',
        path: () => '/account',
        base: () => ({ ...cookie(), 'next-action': 'b'.repeat(42), 'content-type': 'text/plain;charset=UTF-8' }),
        body: '[]',
        api: false,
      },
    );
  }, 120_000);

  it('answers every broken header below 500, with a JSON error on the API', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const target of targets) {
      for (const [name, own] of Object.entries(HEADERS)) {
        for (const value of [...own, ...HOSTILE]) {
          const answer = await send(base, target, name, value);
          sent += 1;
          const shown = `${target.name} ${name}: ${JSON.stringify(value.slice(0, 40))} → ${answer.status}`;
          if (answer.status >= 500) failures.push(`${shown} ${answer.body.slice(0, 200)}`);
          else if (target.api && answer.status >= 400 && answer.status !== 431) {
            if (!answer.type.includes('json')) failures.push(`${shown}: not JSON (${answer.type})`);
            else if (!errorText(JSON.parse(answer.body))) failures.push(`${shown}: no error text`);
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(3000);
    expect(failures).toEqual([]);
  }, 600_000);
});
