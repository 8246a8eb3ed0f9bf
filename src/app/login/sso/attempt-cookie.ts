import 'server-only';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getConfig } from '@/server/config';
import { beginSso, ATTEMPT_TTL_S } from '@/server/domain/auth/sso/flow';
import { ProviderUnreachable } from '@/server/domain/auth/sso/provider';
import type { SsoTenant } from '@/server/domain/auth/sso/settings';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';

/** The cookie that keeps a single sign-on attempt (sealed: state, nonce, PKCE verifier) until the provider answers. */
export const ATTEMPT_COOKIE = 'studio-sso';

/** Where the provider sends the browser back; registered at the provider as the client's redirect URI. */
export const ssoRedirectUri = () => `${getConfig().publicBaseUrl}/login/sso/callback`;

/** A refusal page for this reason. */
export const refusedPath = (reason: string) => `/login/sso/refused?reason=${encodeURIComponent(reason)}`;

/**
 * Sends the browser to the tenant's provider, keeping the attempt in a cookie only /login/sso sees
 * (SameSite=Lax: it comes back with the provider's top-level redirect). A provider that cannot be
 * reached sends to the refusal page instead.
 */
export async function goToProvider(tenant: SsoTenant, next: string, loginHint?: string): Promise<never> {
  const { db, config } = await getRuntime();
  let url: URL;
  try {
    const begun = await beginSso({ db, config }, tenant, { redirectUri: ssoRedirectUri(), next, loginHint });
    (await cookies()).set(ATTEMPT_COOKIE, begun.attempt, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.https,
      path: '/login/sso',
      maxAge: ATTEMPT_TTL_S,
    });
    url = begun.url;
  } catch (err) {
    if (!(err instanceof ProviderUnreachable))
      logger.error({ err, tenantId: tenant.tenantId }, 'single sign-on failed');
    else logger.warn({ err, tenantId: tenant.tenantId }, 'single sign-on provider unreachable');
    redirect(refusedPath('provider'));
  }
  redirect(url.href);
}
