import type { OpenAPIObject, OperationObject, ParameterObject, ResponseObject } from 'openapi3-ts/oas31';
import { ACCESS_ERRORS, type AccessRule } from '@/server/domain/auth/guard';
import { namedLimitError } from '@/server/domain/limits/named';
import type { LimitName } from '@/server/domain/limits/settings';
import type { DeclaredError } from '@/server/errors';
import { operationExamples } from './openapi-examples';
import { ALWAYS, errorResponses, INPUT, JSON_BODY } from './openapi-errors';
import { appRouter } from './root';
import * as builders from './trpc';
import type { StudioMeta } from './trpc';

/**
 * Completes the generated document for the reference: every tRPC operation's error answers, from
 * what it is built of (its builder's access rule, its input, its rate limit, its `Idempotency-Key`)
 * and what its meta declares its domain raises (`errors`); the `x-studio-charges` mark on operations
 * that cost credits (those that can answer 402); and the worked examples of openapi-examples.ts on
 * parameters, bodies and answers. Operations described by hand (openapi-chat.ts, …) declare their
 * errors themselves with `errorResponses`.
 */

/** The access rule of each builder, told by the last middleware it added. */
const BUILDER_RULES: [AccessRule, { _def: { middlewares: unknown[] } }][] = [
  ['organization', builders.organizationProcedure],
  ['tenant', builders.tenantProcedure],
  ['writer', builders.writerProcedure],
  ['admin', builders.adminProcedure],
  ['scoped', builders.scopedProcedure],
  ['caller', builders.authedProcedure],
  ['public', builders.publicProcedure],
];

interface TrpcOperation {
  rule: AccessRule;
  meta: StudioMeta;
}

/** Every tRPC operation, keyed `METHOD /path`, with its access rule and meta. */
function trpcOperations(): Map<string, TrpcOperation> {
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { meta?: StudioMeta; middlewares: unknown[] } }
  >;
  const operations = new Map<string, TrpcOperation>();
  for (const procedure of Object.values(procedures)) {
    const meta = procedure._def.meta;
    if (!meta?.openapi) continue;
    const rule =
      BUILDER_RULES.find(([, b]) => procedure._def.middlewares.includes(b._def.middlewares.at(-1)))?.[0] ?? 'public';
    operations.set(`${meta.openapi.method} ${meta.openapi.path}`, { rule, meta });
  }
  return operations;
}

/** The rate limits a meta's `limit` names: one, or one per limited action. */
function limitNames(meta: StudioMeta): LimitName[] {
  const limit = meta.limit;
  if (limit === undefined) return [];
  return typeof limit === 'string'
    ? [limit]
    : [...new Set(Object.values(limit.byAction).filter((n): n is LimitName => n !== undefined))];
}

/**
 * What a tRPC operation can answer besides success: its builder's refusals, its input refused
 * (a JSON body also too large or not JSON), its rate limit, its `Idempotency-Key` refused, what its
 * domain declares, and what every operation may answer.
 */
export function operationErrors(method: string, op: OperationObject, { rule, meta }: TrpcOperation): DeclaredError[] {
  const params = (op.parameters ?? []) as ParameterObject[];
  const errors: DeclaredError[] = [...ACCESS_ERRORS[rule]];
  // Every input is checked (the text of any parameter too: input-text.ts), a JSON body before that.
  errors.push(...(method === 'GET' ? [INPUT] : JSON_BODY));
  for (const name of limitNames(meta)) errors.push(namedLimitError(name));
  if (params.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'))
    errors.push(builders.IDEMPOTENCY_KEY_ERROR);
  errors.push(...(meta.errors ?? []), ...ALWAYS);
  return errors;
}

export function completeReference(doc: OpenAPIObject): void {
  const operations = trpcOperations();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, OperationObject>)) {
      const key = `${method.toUpperCase()} ${path}`;
      const op = value;
      const trpc = operations.get(key);
      if (trpc) {
        const answers = Object.entries(op.responses ?? {}).filter(([status]) => Number(status) < 400);
        op.responses = {
          ...Object.fromEntries(answers),
          ...errorResponses(operationErrors(method.toUpperCase(), op, trpc)),
        };
      }
      if (op.responses?.['402']) (op as Record<string, unknown>)['x-studio-charges'] = true;
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
    // In the type the document gives the parameter (a window read leniently is text to the server).
    const integer = p.schema && 'type' in p.schema && p.schema.type === 'integer';
    if (value !== undefined) p.example = integer && typeof value === 'string' ? Number(value) : value;
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
