import * as oauth from 'oauth4webapi';
import { eq } from 'drizzle-orm';
import type { Db } from '@/server/db/client';
import type { SsoSettings } from '@/server/config-types';
import { consoleUsers } from '@/server/db/schema';
import { logger } from '@/server/logger';
import type { SignedIn } from '../console-sign-in';
import { ssoAccount, type AccountRefusal } from './accounts';
import { discover, parseIssuer, providerOptions } from './provider';
import { seal, unseal } from './seal';
import { ssoTenantById, type SsoTenant } from './settings';

/**
 * Single sign-on with OpenID Connect, the authorization code flow with PKCE (S256), `state` and
 * `nonce`. `beginSso` answers the provider's address and a sealed record of the attempt (kept in a
 * short-lived cookie); `finishSso` checks the provider's answer against it, redeems the code, checks
 * the ID token (signature, issuer, audience, expiry, nonce) and matches its verified e-mail.
 */

type Deps = { db: Db; config: { secret: Buffer; sso?: SsoSettings | null } };

/** How long a person has at the provider before the attempt expires. */
export const ATTEMPT_TTL_S = 10 * 60;
/** How long the ticket that completes the sign-in stands. */
const TICKET_TTL_S = 60;

interface Attempt {
  tenantId: string;
  state: string;
  nonce: string;
  verifier: string;
  next: string;
}

/** Why a single sign-on did not let the person in. */
export type SsoRefusal =
  | AccountRefusal
  /** The answer does not belong to an attempt started here (no or another attempt, a changed state, expired). */
  | 'state'
  /** The provider refused or answered something that does not check out (its error, a bad token). */
  | 'provider'
  /** The provider does not vouch for the e-mail (`email_verified` is not true) or gave none. */
  | 'unverified'
  /** The tenant's single sign-on is off (or the tenant is disabled). */
  | 'unavailable';

export type SsoOutcome = { ok: true; user: SignedIn; created: boolean } | { ok: false; refused: SsoRefusal };

const clientOf = (tenant: SsoTenant): oauth.Client => ({ client_id: tenant.clientId });

async function serverOf(tenant: SsoTenant): Promise<{ server: oauth.AuthorizationServer; issuer: URL }> {
  const issuer = parseIssuer(tenant.issuer);
  if (!issuer) throw new Error(`the issuer ${tenant.issuer} is not an https URL`);
  return { server: await discover(issuer), issuer };
}

/** Starts a sign-in at the tenant's provider: where to send the browser, and the attempt to keep in a cookie. */
export async function beginSso(
  { config }: Deps,
  tenant: SsoTenant,
  input: { redirectUri: string; next: string; loginHint?: string; nowMs?: number },
): Promise<{ url: URL; attempt: string }> {
  const { server } = await serverOf(tenant);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  // discover() refuses a provider without one.
  const url = new URL(server.authorization_endpoint ?? '');
  url.searchParams.set('client_id', tenant.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', 'openid email');
  url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  url.searchParams.set('state', state);
  url.searchParams.set('nonce', nonce);
  if (input.loginHint) url.searchParams.set('login_hint', input.loginHint);
  const value: Attempt = { tenantId: tenant.tenantId, state, nonce, verifier, next: input.next };
  const attempt = seal(config.secret, 'sso-attempt', { ...value }, ATTEMPT_TTL_S, input.nowMs ?? Date.now());
  return { url, attempt };
}

/** The page to go to after the sign-in that the attempt remembers, if it can be read. */
export function attemptNext(secret: Buffer, attempt: string | undefined, nowMs = Date.now()): string | null {
  return attempt ? (unseal<Attempt>(secret, 'sso-attempt', attempt, nowMs)?.next ?? null) : null;
}

/**
 * Completes a sign-in from the provider's answer (the callback URL with `code` and `state`, or an
 * error) and the attempt kept in the cookie.
 */
export async function finishSso(
  deps: Deps,
  input: { attempt: string | undefined; callbackUrl: URL; redirectUri: string; nowMs?: number },
): Promise<SsoOutcome & { next?: string }> {
  const nowMs = input.nowMs ?? Date.now();
  const attempt = input.attempt ? unseal<Attempt>(deps.config.secret, 'sso-attempt', input.attempt, nowMs) : null;
  if (!attempt || input.callbackUrl.searchParams.get('state') !== attempt.state) return { ok: false, refused: 'state' };
  const tenant = await ssoTenantById(deps, attempt.tenantId);
  if (!tenant) return { ok: false, refused: 'unavailable' };
  let claims: oauth.IDToken | oauth.UserInfoResponse;
  try {
    const { server, issuer } = await serverOf(tenant);
    const client = clientOf(tenant);
    const params = oauth.validateAuthResponse(server, client, input.callbackUrl, attempt.state);
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      client,
      oauth.ClientSecretBasic(tenant.clientSecret),
      params,
      input.redirectUri,
      attempt.verifier,
      providerOptions(issuer),
    );
    const result = await oauth.processAuthorizationCodeResponse(server, client, response, {
      expectedNonce: attempt.nonce,
      requireIdToken: true,
    });
    const idToken = oauth.getValidatedIdTokenClaims(result);
    if (!idToken) throw new Error('the provider answered no ID token');
    claims = idToken;
    // A provider may keep the e-mail out of the ID token and answer it at its userinfo endpoint only.
    if (idToken.email === undefined && server.userinfo_endpoint) {
      const info = await oauth.userInfoRequest(server, client, result.access_token, providerOptions(issuer));
      claims = await oauth.processUserInfoResponse(server, client, idToken.sub, info);
    }
  } catch (err) {
    logger.warn({ err, tenantId: tenant.tenantId }, 'single sign-on refused by the provider');
    return { ok: false, refused: 'provider' };
  }
  const email = typeof claims.email === 'string' ? claims.email : null;
  if (!email || claims.email_verified !== true) return { ok: false, refused: 'unverified' };
  const matched = await ssoAccount(deps.db, tenant, email);
  if (!matched.ok) {
    logger.info({ tenantId: tenant.tenantId, refused: matched.refused }, 'single sign-on refused');
    return matched;
  }
  logger.info({ tenantId: tenant.tenantId, userId: matched.user.id, created: matched.created }, 'single sign-on');
  return { ...matched, next: attempt.next };
}

/** The ticket that carries a finished single sign-on to the session (the `sso` sign-in provider). */
export function issueSsoTicket(secret: Buffer, user: SignedIn, nowMs = Date.now()): string {
  return seal(secret, 'sso-ticket', { userId: user.id, epoch: user.sessionEpoch }, TICKET_TTL_S, nowMs);
}

/** The console user a ticket lets in, or null when it is forged, expired, or the account changed meanwhile. */
export async function redeemSsoTicket(
  { db, config }: Deps,
  ticket: string,
  nowMs = Date.now(),
): Promise<SignedIn | null> {
  const value = unseal<{ userId: string; epoch: number }>(config.secret, 'sso-ticket', ticket, nowMs);
  if (!value) return null;
  const [user] = await db.select().from(consoleUsers).where(eq(consoleUsers.id, value.userId));
  if (!user || user.tenantId === null || user.sessionEpoch !== value.epoch) return null;
  return { id: user.id, email: user.email, kind: user.kind, tenantId: user.tenantId, sessionEpoch: user.sessionEpoch };
}
