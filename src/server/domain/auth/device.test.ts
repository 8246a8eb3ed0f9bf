import { describe, expect, it } from 'vitest';
import { describeDevice, deviceLabel, readDevice } from './device';

describe('the device of a session', () => {
  it('names common browsers and systems', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', system: 'Android' });
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Safari', system: 'iOS' });
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', system: 'Windows' });
    expect(
      describeDevice('Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0'),
    ).toEqual({ browser: 'Firefox', system: 'macOS' });
  });

  it('keeps nothing of an unknown or missing header', () => {
    expect(describeDevice('<script>alert(1)</script>')).toEqual({ browser: null, system: null });
    expect(readDevice(deviceLabel(null))).toEqual({ browser: null, system: null });
    expect(readDevice(deviceLabel('curl/8.5.0'))).toEqual({ browser: 'curl', system: null });
  });
});
