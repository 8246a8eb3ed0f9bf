import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import zh from '../../../messages/zh-CN.json';
import { errorReasons } from '@/server/errors';
import {
  errorWording,
  failureKind,
  failureKinds,
  isNetworkFailure,
  isRetryable,
  isTimeout,
  isUnauthorized,
} from './error-text';

const refusal = (code: string, reason: string) =>
  new TRPCClientError('Missing API key: send it in the X-API-Key header', {
    result: { error: { message: 'x', code: -32001, data: { code, httpStatus: 401, reason } } },
  });

describe('the errorCodes catalogue', () => {
  it.each([
    ['en', en.errorCodes],
    ['zh-CN', zh.errorCodes],
  ])('words every failure kind and a fallback in %s', (_locale, messages: Record<string, string>) => {
    for (const kind of [...failureKinds, 'generic', 'retry']) expect(messages[kind], kind).toEqual(expect.any(String));
    for (const reason of errorReasons) expect(messages[reason]?.length, reason).toBeGreaterThan(0);
  });

  it('has no message for a kind the console never meets', () => {
    const known = new Set<string>([...failureKinds, 'generic', 'retry']);
    expect(Object.keys(en.errorCodes).filter((k) => !known.has(k))).toEqual([]);
  });

  it('speaks Chinese in the Chinese catalogue', () => {
    expect(zh.errorCodes.network).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.errorCodes.network).not.toBe(en.errorCodes.network);
  });
});

describe('failureKind', () => {
  it('reads the reason a tRPC error carries', () => {
    expect(failureKind(refusal('FORBIDDEN', 'tenant_only'))).toBe('tenant_only');
    expect(failureKind(refusal('PAYMENT_REQUIRED', 'insufficient_credits'))).toBe('insufficient_credits');
  });

  it('reads the reason of a REST error body', () => {
    expect(failureKind({ ok: false, error: 'Too big', code: 'PAYLOAD_TOO_LARGE', reason: 'payload_too_large' })).toBe(
      'payload_too_large',
    );
  });

  it('tells a network failure and a timeout from a refusal', () => {
    const offline = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(isNetworkFailure(offline)).toBe(true);
    expect(failureKind(offline)).toBe('network');
    const slow = TRPCClientError.from(new DOMException('The operation timed out.', 'TimeoutError'));
    expect(isTimeout(slow)).toBe(true);
    expect(failureKind(slow)).toBe('timeout');
    expect(isNetworkFailure(refusal('NOT_FOUND', 'not_found'))).toBe(false);
  });

  it('knows nothing of an unknown reason or a plain value', () => {
    expect(failureKind(refusal('BAD_REQUEST', 'something_new'))).toBeNull();
    expect(failureKind('boom')).toBeNull();
    expect(failureKind(null)).toBeNull();
  });
});

describe('isUnauthorized and isRetryable', () => {
  it('sees an ended session', () => {
    expect(isUnauthorized(refusal('UNAUTHORIZED', 'unauthorized'))).toBe(true);
    expect(isUnauthorized(refusal('FORBIDDEN', 'forbidden'))).toBe(false);
  });

  it('offers a retry only where it may help', () => {
    expect(isRetryable(TRPCClientError.from(new TypeError('Failed to fetch')))).toBe(true);
    expect(isRetryable(refusal('SERVICE_UNAVAILABLE', 'upstream_failed'))).toBe(true);
    expect(isRetryable(refusal('BAD_REQUEST', 'capability_unsupported'))).toBe(false);
    expect(isRetryable(refusal('BAD_REQUEST', 'validation'))).toBe(false);
  });
});

describe('errorWording', () => {
  const conflict = new TRPCClientError('An account with this email already exists', {
    result: { error: { message: 'x', code: -32009, data: { code: 'CONFLICT', httpStatus: 409, reason: 'conflict' } } },
  });

  it('keeps the server’s detailed English on an English page, and says the reason in Chinese', () => {
    expect(errorWording(conflict, 'en')).toEqual({ text: 'An account with this email already exists' });
    expect(errorWording(conflict, 'zh-CN')).toEqual({ key: 'conflict' });
  });

  it('never shows the API’s words for a session, a permission or an outage', () => {
    expect(errorWording(refusal('UNAUTHORIZED', 'unauthorized'), 'en')).toEqual({ key: 'unauthorized' });
    expect(errorWording(refusal('FORBIDDEN', 'tenant_only'), 'en')).toEqual({ key: 'tenant_only' });
    expect(errorWording(TRPCClientError.from(new TypeError('Failed to fetch')), 'en')).toEqual({ key: 'network' });
    expect(errorWording(new Error('boom'), 'en')).toEqual({ key: 'generic' });
  });
});
