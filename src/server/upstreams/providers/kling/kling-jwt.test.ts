import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { keyPairOf, klingToken, RENEW_BEFORE_S, signKlingToken, TOKEN_LIFETIME_S } from './kling-jwt';

/**
 * Kling's token as "Kling AI API — General Information" (API authentication) specifies it: HS256, header
 * `{alg: HS256, typ: JWT}`, payload `{iss: access key, exp: now + 1800, nbf: now - 5}`, signed with the
 * secret key. Verified with jose 6's `jwtVerify`, as a server holding the secret would.
 */

const secret = (s: string) => new TextEncoder().encode(s);

describe('Kling tokens', () => {
  it('are HS256 JWTs of the access key, valid for 30 minutes from 5 seconds ago, signed with the secret key', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await signKlingToken({ accessKey: 'AK123', secretKey: 'SK456' }, now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, secret('SK456'), { algorithms: ['HS256'], issuer: 'AK123' });
    expect(payload).toEqual({ iss: 'AK123', exp: now + TOKEN_LIFETIME_S, nbf: now - 5 });
    await expect(jwtVerify(token, secret('another-secret'))).rejects.toMatchObject({
      code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED',
    });
  });

  it('are kept per key pair and renewed once less than 5 minutes are left', async () => {
    const now = 2_000_000_000;
    const first = await klingToken('AK1:SK1', now);
    expect(await klingToken('AK1:SK1', now + 60)).toBe(first);
    // Another pair (or the same access key with a new secret) gets its own token.
    const other = await klingToken('AK1:SK2', now);
    expect(other).not.toBe(first);
    await expect(jwtVerify(other, secret('SK2'), { currentDate: new Date(now * 1000) })).resolves.toBeDefined();
    // Just over 5 minutes left: still the same; under: a new one, valid 30 minutes from then.
    const lateOk = now + TOKEN_LIFETIME_S - RENEW_BEFORE_S - 1;
    expect(await klingToken('AK1:SK1', lateOk)).toBe(first);
    const renewAt = now + TOKEN_LIFETIME_S - RENEW_BEFORE_S + 1;
    const renewed = await klingToken('AK1:SK1', renewAt);
    expect(renewed).not.toBe(first);
    const { payload } = await jwtVerify(renewed, secret('SK1'), { currentDate: new Date(renewAt * 1000) });
    expect(payload.exp).toBe(renewAt + TOKEN_LIFETIME_S);
  });

  it('need the key as "<access key>:<secret key>"; anything else is the channel’s invalid key', async () => {
    expect(keyPairOf('AK:SK')).toEqual({ accessKey: 'AK', secretKey: 'SK' });
    for (const bad of ['AKonly', 'AK:', ':SK', 'A:B:C'])
      await expect(klingToken(bad), bad).rejects.toMatchObject({ errorClass: 'invalid_key', code: 'key_format' });
  });
});
