import { declared, type DeclaredError } from '@/server/errors';

export { keyKinds as KEY_KINDS, type KeyKind } from '@/contracts/keys';

/** What a request with a named key can be refused for, as the operations behind a key declare it. */
export const KEY_POLICY_ERRORS: readonly DeclaredError[] = [
  declared('UNAUTHORIZED', 'Key policy "expires_at": the named key has expired (retrying will not help)'),
  declared(
    'FORBIDDEN',
    'Key policy "allowed_ips", "kinds" or "models": the client address, the kind of work or the model ' +
      'is not allowed for this key (retrying will not help)',
  ),
  declared(
    'TOO_MANY_REQUESTS',
    'Key policy "requests_per_minute" or "max_concurrent": over the key\'s own rate, or as many of its jobs ' +
      "and chat streams in progress as it may have; wait the `Retry-After` header's seconds, then send it again",
  ),
];

/** A key's spend cap reached: declared by the operations that charge credits, beside their own 402. */
export const KEY_SPEND_CAP_ERROR: DeclaredError = declared(
  'PAYMENT_REQUIRED',
  'Key policy "spend_cap": the key has spent what it may this day, week or month (Asia/Shanghai); ' +
    '`error` says when it resets; retrying before then will not help',
);
