import { describe, expect, it } from 'vitest';
import { deliveryErrorClass } from './delivery-error';

describe('deliveryErrorClass', () => {
  it('names each failure Studio records', () => {
    const of = (state: string, status_code: number | null, error: string | null) =>
      deliveryErrorClass({ state, status_code, error });
    expect(of('delivered', 200, null)).toBeNull();
    expect(of('failed', 503, 'the receiver answered HTTP 503')).toBe('http');
    expect(of('failed', null, 'the receiver did not answer within 10 s')).toBe('timeout');
    expect(of('failed', null, 'the receiver could not be reached')).toBe('unreachable');
    expect(of('refused', null, 'callback_url resolves to a private address')).toBe('refused');
    expect(of('failed', null, 'something new')).toBe('other');
  });
});
