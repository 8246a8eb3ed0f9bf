import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets Studio stores and must read back (upstream keys, callback signing secrets, the plain
 * primary keys the spec shows): encrypted with the instance secret. Below both the domain and the
 * upstream layer, which both keep such secrets.
 */

/** AES-256-GCM; the stored form is base64(iv | tag | ciphertext). */
export function encryptSecret(plain: string, secret: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64');
}

export function decryptSecret(stored: string, secret: Buffer): string {
  const raw = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
