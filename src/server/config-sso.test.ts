import { describe, expect, it } from 'vitest';
import { buildConfig, ConfigError, parseEnv } from './config';

describe('platform single sign-on settings', () => {
  it('is off without STUDIO_SSO_*, and on with all three', () => {
    expect(buildConfig(parseEnv({})).sso).toBeNull();
    const env = parseEnv({
      STUDIO_SSO_ISSUER: 'https://id.example.com',
      STUDIO_SSO_CLIENT_ID: 'studio',
      STUDIO_SSO_CLIENT_SECRET: 's3cret',
    });
    expect(buildConfig(env).sso).toEqual({
      issuer: 'https://id.example.com',
      clientId: 'studio',
      clientSecret: 's3cret',
    });
  });

  it('stops start-up on a partial set, naming what is missing', () => {
    const env = parseEnv({ STUDIO_SSO_ISSUER: 'https://id.example.com' });
    expect(() => buildConfig(env)).toThrow(ConfigError);
    expect(() => buildConfig(env)).toThrow(/STUDIO_SSO_CLIENT_ID: required with the other STUDIO_SSO_\* settings/);
    expect(() => parseEnv({ STUDIO_SSO_ISSUER: 'not a url' })).toThrow(/STUDIO_SSO_ISSUER: must be the provider/);
  });
});
