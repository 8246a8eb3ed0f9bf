import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) on a local port, for single sign-on tests: one confidential
 * client, and people who sign in at its own login and consent pages (any password; the login names
 * the person). Each person has an e-mail, verified or not.
 */

export interface TestPerson {
  email: string;
  emailVerified: boolean;
}

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(options: {
  port: number;
  redirectUris: string[];
  people: Record<string, TestPerson>;
}): Promise<TestProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const clientId = 'studio-test';
  const clientSecret = `secret-${options.port}-for-tests-only`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    cookies: { keys: ['studio-test-cookie-key'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    findAccount(_ctx, id) {
      const person = options.people[id];
      if (!person) return Promise.resolve(undefined);
      return Promise.resolve({
        accountId: id,
        claims: () => Promise.resolve({ sub: id, email: person.email, email_verified: person.emailVerified }),
      });
    },
  });
  // Its development-only warnings (keys, interactions) are expected here.
  provider.on('server_error', (_ctx, err) => console.error('test OpenID provider error', err));
  const server: Server = await new Promise((resolve, reject) => {
    const s = provider.listen(options.port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's cookies, enough for one provider on one host. */
class Jar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value) this.cookies.set(name, value);
      else this.cookies.delete(name);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Goes through the provider's pages without a browser, as a browser would: from the authorization
 * address through its login form (as `login`) and consent form, up to the redirect back to Studio.
 * Answers that redirect's address (with `code` and `state`, or an error).
 */
export async function signInAtProvider(authorizationUrl: URL, login: string, redirectPrefix: string): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl.href;
  let method: 'GET' | 'POST' = 'GET';
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop += 1) {
    if (url.startsWith(redirectPrefix)) return new URL(url);
    const response = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url).href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt)
      throw new Error(`the provider answered ${response.status} without a form: ${html.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url).href;
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('the provider never sent the browser back');
}
