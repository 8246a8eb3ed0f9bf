import * as oauth from 'oauth4webapi';

/**
 * An OpenID provider as Studio talks to it (oauth4webapi, the library next-auth's own OAuth code runs
 * on): its discovery document, fetched and checked against the issuer it was asked for.
 */

/** How long a provider may take to answer one request. */
const PROVIDER_TIMEOUT_MS = 10_000;

/** Plain http is accepted only for a provider on this machine (a development or test provider); anywhere else https. */
export function loopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/** The request options every call to the provider uses. */
export function providerOptions(issuer: URL) {
  return { [oauth.allowInsecureRequests]: loopbackHttp(issuer), signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) };
}

export class ProviderUnreachable extends Error {
  override name = 'ProviderUnreachable';
}

/** The issuer as typed: an https URL (or http on this machine), without a query or fragment. */
export function parseIssuer(raw: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return null;
  }
  if (url.search || url.hash || url.username || url.password) return null;
  if (url.protocol !== 'https:' && !loopbackHttp(url)) return null;
  return url;
}

/**
 * The provider's metadata from `<issuer>/.well-known/openid-configuration`: throws ProviderUnreachable,
 * with the reason, when it cannot be fetched, is not a discovery document, names another issuer, or
 * offers no authorization code flow with S256 PKCE.
 */
export async function discover(issuer: URL): Promise<oauth.AuthorizationServer> {
  let server: oauth.AuthorizationServer;
  try {
    const response = await oauth.discoveryRequest(issuer, { algorithm: 'oidc', ...providerOptions(issuer) });
    server = await oauth.processDiscoveryResponse(issuer, response);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new ProviderUnreachable(`the discovery document of ${issuer.href} could not be read (${reason})`);
  }
  if (!server.authorization_endpoint || !server.token_endpoint || !server.jwks_uri)
    throw new ProviderUnreachable('the discovery document names no authorization, token or key endpoint');
  const methods = server.code_challenge_methods_supported;
  if (methods && !methods.includes('S256')) throw new ProviderUnreachable('the provider does not offer PKCE with S256');
  return server;
}
