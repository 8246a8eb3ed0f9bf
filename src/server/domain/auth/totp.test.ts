import { randomBytes } from 'node:crypto';
import { generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  codeKind,
  issueTicket,
  newRecoveryCodes,
  newTotpSecret,
  readTicket,
  recoveryDigest,
  totpStep,
  totpUri,
} from './totp';

// A fixed clock: 2026-01-01T00:00:15Z, in the middle of a 30-second step.
const NOW = Date.UTC(2026, 0, 1, 0, 0, 15);
const STEP = Math.floor(NOW / 1000 / 30);
const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const codeAt = (ms: number) => generateSync({ secret, epoch: Math.floor(ms / 1000) });

describe('TOTP codes', () => {
  it('accepts the current code and answers its step', () => {
    expect(totpStep(secret, codeAt(NOW), NOW, null)).toBe(STEP);
  });

  it('accepts the steps either side (clock drift) and refuses two steps away', () => {
    expect(totpStep(secret, codeAt(NOW - 30_000), NOW, null)).toBe(STEP - 1);
    expect(totpStep(secret, codeAt(NOW + 30_000), NOW, null)).toBe(STEP + 1);
    expect(totpStep(secret, codeAt(NOW - 60_000), NOW, null)).toBeNull();
    expect(totpStep(secret, codeAt(NOW + 60_000), NOW, null)).toBeNull();
  });

  it('refuses a code of the last accepted step or an earlier one (replay)', () => {
    expect(totpStep(secret, codeAt(NOW), NOW, STEP)).toBeNull();
    expect(totpStep(secret, codeAt(NOW - 30_000), NOW, STEP)).toBeNull();
    expect(totpStep(secret, codeAt(NOW), NOW, STEP - 1)).toBe(STEP);
    // The next step's code still works after this one was used.
    expect(totpStep(secret, codeAt(NOW + 30_000), NOW + 30_000, STEP)).toBe(STEP + 1);
  });

  it('refuses a code of another secret', () => {
    const other = generateSync({ secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', epoch: Math.floor(NOW / 1000) });
    expect(totpStep(secret, other, NOW, null)).toBeNull();
  });

  it('makes a new secret each time, of 160 bits', () => {
    const made = newTotpSecret();
    expect(made).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(made);
  });

  it('links the secret for an authenticator app', () => {
    const uri = new URL(totpUri(secret, 'owner@example.cn'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Studio');
  });
});

describe('recovery codes', () => {
  it('makes ten distinct codes that read as recovery codes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      expect(codeKind(code)?.kind).toBe('recovery');
    }
  });

  it('digests a code alike however it is typed, and differently under another secret', () => {
    const key = randomBytes(32);
    const [code = ''] = newRecoveryCodes();
    const digest = recoveryDigest(key, code);
    expect(recoveryDigest(key, code.toLowerCase().replace('-', ' '))).toBe(digest);
    expect(digest).not.toContain(code.replace('-', ''));
    expect(recoveryDigest(randomBytes(32), code)).not.toBe(digest);
  });

  it('tells the kinds of code apart and refuses anything else', () => {
    expect(codeKind(' 123 456 ')).toEqual({ kind: 'totp', code: '123456' });
    expect(codeKind('12345')).toBeNull();
    expect(codeKind('abc')).toBeNull();
  });
});

describe('sign-in tickets', () => {
  const key = randomBytes(32);
  const user = { id: '5f0c7a8e-1111-4222-8333-944455556666', sessionEpoch: 3 };

  it('carries the user and epoch for five minutes', () => {
    const ticket = issueTicket(key, user, NOW);
    expect(readTicket(key, ticket, NOW + 299_000)).toEqual({ userId: user.id, epoch: 3 });
    expect(readTicket(key, ticket, NOW + 300_000)).toBeNull();
  });

  it('refuses a changed or foreign ticket', () => {
    const ticket = issueTicket(key, user, NOW);
    expect(readTicket(key, ticket.replace('.3.', '.4.'), NOW)).toBeNull();
    expect(readTicket(randomBytes(32), ticket, NOW)).toBeNull();
    expect(readTicket(key, 'garbage', NOW)).toBeNull();
  });
});
