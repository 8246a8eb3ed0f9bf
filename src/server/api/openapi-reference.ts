import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from 'openapi3-ts/oas31';
import { operationExamples } from './openapi-examples';
import { appRouter } from './root';
import * as builders from './trpc';
import type { StudioMeta } from './trpc';

/**
 * Completes the generated document for the reference: every operation's error statuses with their
 * meaning (one central mapping from the kind of procedure and its body, not per-route lists), the
 * `x-studio-charges` mark on operations that cost credits, and the worked examples of
 * openapi-examples.ts on parameters, bodies and answers.
 */

/** Who may call a procedure, told by the last access check its builder added. */
type Kind = 'public' | 'authed' | 'scoped' | 'tenant' | 'organization' | 'writer' | 'admin';

const KIND_BUILDERS: [Kind, { _def: { middlewares: unknown[] } }][] = [
  ['organization', builders.organizationProcedure],
  ['tenant', builders.tenantProcedure],
  ['writer', builders.writerProcedure],
  ['admin', builders.adminProcedure],
  ['scoped', builders.scopedProcedure],
  ['authed', builders.authedProcedure],
  ['public', builders.publicProcedure],
];

/** Operations that spend credits; the reference's "try it" says so before sending. */
export const CHARGING_OPERATIONS = new Set([
  'POST /generate',
  'POST /generate-batch',
  'POST /videos',
  'POST /article',
  'POST /reverse',
  'POST /image-to-template',
  'POST /chat/completions',
  'POST /chat',
]);

const FORBIDDEN: Record<Kind, string | null> = {
  public: null,
  authed: 'The key was replaced (rekey), or its member account or tenant is disabled',
  scoped:
    'The key was replaced, its member account or tenant is disabled, or it is the super-administrator key (which belongs to no tenant)',
  tenant: 'Tenant key only: a member key, a replaced key, a disabled tenant or the super-administrator key',
  organization:
    'Tenant key of an organisation only: a member key, a platform account opened by a claim code, a replaced key or a disabled tenant',
  writer: 'A member key (templates are written by the tenant or the operator), a replaced key or a disabled tenant',
  admin: 'Not the super-administrator key',
};

/** What each status means, where the operation does not say it more precisely itself. */
const MEANING: Record<number, string> = {
  400: 'The query or body is refused (`reason: validation`, `issues` lists each refused field) or breaks a rule of the operation; do not retry unchanged',
  401: 'No key, or a key Studio does not know',
  402: 'Not enough credits for this request; nothing was charged',
  404: 'No such object, or it belongs to another tenant',
  405: 'This path does not take this method; the `Allow` header lists the ones it does',
  409: 'Conflicts with the current state (e.g. a name or slug already taken, an object already finished)',
  413: 'The body is larger than the server accepts',
  415: 'The body is not sent as `Content-Type: application/json`',
  429: 'Too many requests in the window; retry after the `Retry-After` header’s seconds',
  500: 'Internal error; it is logged under the answer’s `X-Request-Id`',
  503: 'The database or every upstream is briefly unavailable; retry after `Retry-After` seconds',
};

const ERROR_BODY = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };

/** The access kind of every tRPC operation, keyed `METHOD /path`. */
function operationKinds(): Map<string, Kind> {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: StudioMeta; middlewares: unknown[] } }
  >;
  const kinds = new Map<string, Kind>();
  for (const procedure of Object.values(procedures)) {
    const route = procedure._def.meta?.openapi;
    if (!route) continue;
    const kind =
      KIND_BUILDERS.find(([, b]) => procedure._def.middlewares.includes(b._def.middlewares.at(-1)))?.[0] ?? 'public';
    kinds.set(`${route.method} ${route.path}`, kind);
  }
  return kinds;
}

/** The statuses an operation answers with, from its kind, its body and the statuses its description names. */
function errorStatuses(key: string, op: OperationObject, kind: Kind | undefined): Map<number, string> {
  const statuses = new Map<number, string>();
  const method = key.split(' ')[0] ?? 'GET';
  const takesInput = Boolean(op.requestBody) || (op.parameters?.length ?? 0) > 0;
  const named = new Set(
    [...(op.description ?? '').matchAll(/\b(40[0-9]|41[0-9]|429|50[0-4])\b/g)].map((m) => Number(m[1])),
  );
  const add = (status: number, meaning = MEANING[status]) => {
    if (meaning) statuses.set(status, meaning);
  };
  if (takesInput || method !== 'GET') add(400);
  if (kind !== 'public') add(401);
  const forbidden = kind ? FORBIDDEN[kind] : null;
  if (forbidden) add(403, forbidden);
  const params = (op.parameters ?? []) as ParameterObject[];
  const namesOne =
    params.some((p) => ['id', 'job_id', 'code'].includes(p.name)) || method === 'PATCH' || method === 'DELETE';
  if (namesOne || named.has(404)) add(404);
  add(405);
  if (CHARGING_OPERATIONS.has(key)) add(402);
  for (const status of named) if (status !== 404) add(status);
  if (method !== 'GET' && op.requestBody) {
    add(413);
    add(415);
  }
  add(500);
  add(503);
  return statuses;
}

export function completeReference(doc: OpenAPIObject): void {
  const kinds = operationKinds();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, OperationObject>)) {
      const key = `${method.toUpperCase()} ${path}`;
      const op = value;
      const kind = kinds.get(key);
      const responses = (op.responses ??= {}) as Record<string, ResponseObject>;
      const isError = (s: string) => Number(s) >= 400;
      const errors = errorStatuses(key, op, kind);
      // tRPC operations take the mapping whole; hand-described routes (uploads, reverse, chat) keep
      // their own wording and error body, and gain only the statuses they did not list.
      if (kind) for (const status of Object.keys(responses)) if (isError(status)) delete responses[status];
      const ownError = Object.entries(responses).find(([s]) => isError(s))?.[1];
      for (const [status, meaning] of errors) {
        if (responses[String(status)]) continue;
        responses[String(status)] = {
          description: meaning,
          content: kind ? ERROR_BODY.content : (ownError?.content ?? ERROR_BODY.content),
        };
      }
      op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)));
      if (CHARGING_OPERATIONS.has(key)) (op as Record<string, unknown>)['x-studio-charges'] = true;
      addExamples(key, op);
    }
  }
}

function addExamples(key: string, op: OperationObject): void {
  const example = operationExamples[key];
  if (!example) return;
  for (const p of (op.parameters ?? []) as ParameterObject[]) {
    const value =
      p.in === 'query' ? example.query?.[p.name] : p.in === 'path' ? example.path?.[p.name] : example.headers?.[p.name];
    if (value !== undefined) p.example = value;
  }
  const body = op.requestBody && !('$ref' in op.requestBody) ? op.requestBody : undefined;
  if (body?.content['application/json'] && example.body !== undefined)
    body.content['application/json'].example = example.body;
  if (body?.content['multipart/form-data'] && example.form) body.content['multipart/form-data'].example = example.form;
  const ok = Object.entries(op.responses ?? {}).find(([status]) => /^2/.test(status))?.[1] as
    ResponseObject | undefined;
  const media = ok?.content ? Object.values(ok.content)[0] : undefined;
  if (media && example.response !== undefined && example.response !== null) media.example = example.response;
}
