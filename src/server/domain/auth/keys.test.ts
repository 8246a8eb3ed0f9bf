import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digestKey, generateApiKey, looksLikeKey } from './keys';
import { decryptSecret, encryptSecret } from '@/server/crypto';
import { hashPassword, verifyPassword } from './passwords';

describe('API keys', () => {
  it('are prefixed, long and unique', () => {
    const keys = new Set(Array.from({ length: 500 }, generateApiKey));
    expect(keys.size).toBe(500);
    for (const k of keys) expect(k).toMatch(/^sk-studio-[A-Za-z0-9]{40}$/);
  });

  it('are looked up by a stable digest that does not reveal them', () => {
    const key = generateApiKey();
    expect(digestKey(key)).toBe(digestKey(key));
    expect(digestKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(digestKey(key)).not.toContain(key.slice(10));
    expect(looksLikeKey(key)).toBe(true);
    expect(looksLikeKey('sk-studio-')).toBe(false);
    expect(looksLikeKey('Bearer abc')).toBe(false);
  });

  it('round-trip through encryption, and tampering or a wrong secret is detected', () => {
    const secret = randomBytes(32);
    const key = generateApiKey();
    const stored = encryptSecret(key, secret);
    expect(stored).not.toContain(key);
    expect(encryptSecret(key, secret)).not.toBe(stored);
    expect(decryptSecret(stored, secret)).toBe(key);
    expect(() => decryptSecret(stored, randomBytes(32))).toThrow();
    const raw = Buffer.from(stored, 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => decryptSecret(raw.toString('base64'), secret)).toThrow();
  });
});

describe('passwords', () => {
  it('verify only the right password, including Chinese text', async () => {
    const stored = await hashPassword('密码 correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword('密码 correct horse', stored)).toBe(true);
    expect(await verifyPassword('密码 correct hors', stored)).toBe(false);
    expect(await verifyPassword('anything', 'garbage')).toBe(false);
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
});
