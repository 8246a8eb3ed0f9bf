import { declared, type DeclaredError } from '@/server/errors';

export { keyKinds as KEY_KINDS, type KeyKind } from '@/contracts/keys';

/** What a request with a named key can be refused for, as the operations behind a key declare it. */
export const KEY_POLICY_ERRORS: readonly DeclaredError[] = [
  declared('UNAUTHORIZED', 'Key policy "expires_at": the named key has expired (retrying will not help)'),
  declared(
    'FORBIDDEN',
    'Key policy "allowed_ips" or "kinds": the client address or the kind of work is not allowed for this key (retrying will not help)',
  ),
  declared(
    'TOO_MANY_REQUESTS',
    'Key policy "requests_per_minute": over the key\'s own rate; wait the `Retry-After` header\'s seconds, then send it again',
  ),
];
