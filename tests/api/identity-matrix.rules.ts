/**
 * The identity matrix's vocabulary: the identities, the fixture the rows aim at, and the common
 * expectations. The rows are in `identity-matrix.<area>.ts`, joined in `identity-matrix.table.ts`.
 *
 * Expected answers: a status code; a 2xx code also means "and shows nothing of A's or A1's"
 * (their ids, keys, codes, prompts). An object named by id in the path or query that the caller
 * cannot see is 404; one referenced inside a body is 400 naming the field, worded as for an object
 * that does not exist. `SEES` is a 2xx where seeing A's data is the point (a member
 * reading its own tenant's templates, the operator listing tenants, a public claim page).
 */

export const IDENTITIES = [
  'none',
  'garbage',
  'rekeyed',
  'disabledMember',
  'sameTenantMember',
  'otherTenantMember',
  'otherTenant',
  'buyer',
  'operator',
] as const;
export type IdentityName = (typeof IDENTITIES)[number];

export const SEES = 'sees' as const;
export type Expected = number | typeof SEES;

/** What the rows aim at: objects of tenant A and its member A1, made before the matrix runs. */
export interface Fixture {
  tenantId: string;
  /** A private image template of A (in no claim code). */
  template: { id: string; slug: string };
  /** A's article template, bound to `template` by `hookId`. */
  article: { id: string; slug: string };
  video: { id: string; slug: string };
  hookId: string;
  /** A claim code of A, redeemed by the buyer. */
  redeemedCode: string;
  a1: {
    id: string;
    jobId: string;
    articleId: string;
    responseId: string;
    uploadUrl: string;
    uploadKey: string;
    /** A named key of A1. */
    keyId: string;
  };
}

export interface Request {
  query?: Record<string, string>;
  body?: unknown;
  /** POST /api/upload-ref: a multipart form with a small PNG. */
  multipart?: true;
  /** GET /api/jobs-stream: read until the `ready` event, replaying from the first event. */
  stream?: true;
  /** The path to call when the operation's path has a parameter (`/models/{id}`). */
  path?: string;
}

export interface Row {
  /** Tells several rows of one operation apart (the actions of an action endpoint). */
  name?: string;
  request: (f: Fixture) => Request;
  expect: Record<IdentityName, Expected>;
}

/** Keys that cannot authenticate: never issued, replaced by a rekey, or of a disabled member. */
export const refused = { none: 401, garbage: 401, rekeyed: 403, disabledMember: 403 } as const;
type Others = Omit<Record<IdentityName, Expected>, keyof typeof refused>;
export const keyed = (others: Others): Record<IdentityName, Expected> => ({ ...refused, ...others });
/** The same answer whoever asks, key or no key (public endpoints). */
export const everyone = (status: Expected): Record<IdentityName, Expected> =>
  Object.fromEntries(IDENTITIES.map((i) => [i, status])) as Record<IdentityName, Expected>;

/** Tenant-only reads and writes of the caller's own tenant: members and the operator are refused. */
export const tenantOnly = keyed({
  sameTenantMember: 403,
  otherTenantMember: 403,
  otherTenant: 200,
  buyer: 200,
  operator: 403,
});
/** Organisation administration: also refused to a buyer's platform account. */
export const organisationOnly = keyed({
  sameTenantMember: 403,
  otherTenantMember: 403,
  otherTenant: 200,
  buyer: 403,
  operator: 403,
});
/** Anyone acting inside a tenant, on its own data only. */
export const scopedOwn = keyed({
  sameTenantMember: 200,
  otherTenantMember: 200,
  otherTenant: 200,
  buyer: 200,
  operator: 403,
});
