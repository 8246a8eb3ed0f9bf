import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';

/**
 * An authenticator in software, for tests: a P-256 key made with node:crypto, a credential id, a signature
 * counter, and the WebAuthn answers a browser would send (attestation "none"; assertions signed for real
 * with the private key), so the server's checks run unchanged on them.
 */
export interface SoftAuthenticator {
  credentialId: string;
  userHandle: string | null;
  counter: number;
  /** The answer to options that create a passkey. */
  register(options: PublicKeyCredentialCreationOptionsJSON, origin: string): Record<string, unknown>;
  /** The answer to options that use the passkey; `counter` is the value signed (it rises by one unless given). */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    origin: string,
    opts?: { counter?: number; userVerified?: boolean },
  ): Record<string, unknown>;
}

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

// Flags: UP (user present) 0x01, UV (user verified) 0x04, AT (attested credential data) 0x40.
const flagsOf = (uv: boolean, attested: boolean) => 0x01 | (uv ? 0x04 : 0) | (attested ? 0x40 : 0);

function counterBytes(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
    ]),
  );
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export function softAuthenticator(): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = randomBytes(32);
  const auth: SoftAuthenticator = {
    credentialId: b64url(rawId),
    userHandle: null,
    counter: 0,
    register(options, origin) {
      auth.userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(options.rp.id ?? ''),
        Buffer.from([flagsOf(true, true)]),
        counterBytes(auth.counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        Buffer.from(coseKey(publicKey)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, never> | Uint8Array>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, never>()],
          ['authData', new Uint8Array(authData)],
        ]),
      );
      return {
        id: auth.credentialId,
        rawId: auth.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
        clientExtensionResults: {},
      };
    },
    assert(options, origin, opts = {}) {
      const counter = opts.counter ?? auth.counter + 1;
      auth.counter = Math.max(auth.counter, counter);
      const authData = Buffer.concat([
        sha256(options.rpId ?? ''),
        Buffer.from([flagsOf(opts.userVerified ?? true, false)]),
        counterBytes(counter),
      ]);
      const data = clientData('webauthn.get', options.challenge, origin);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: auth.credentialId,
        rawId: auth.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          ...(auth.userHandle ? { userHandle: auth.userHandle } : {}),
        },
        clientExtensionResults: {},
      };
    },
  };
  return auth;
}
