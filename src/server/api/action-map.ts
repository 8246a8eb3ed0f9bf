import type { KeyKind } from '@/server/domain/keys/kinds';
import { TRPCError, type TRPCMutationProcedure, type TRPCQueryProcedure } from '@trpc/server';
import { z } from 'zod';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { LimitName } from '@/server/domain/limits/settings';
import type { DeclaredError } from '@/server/errors';

/**
 * The rate limit a procedure counts against (docs/api.md → Rate limits): one name, or for an action
 * endpoint a name per action (an action not listed is not limited).
 */
export type LimitDeclaration = LimitName | { byAction: Partial<Record<string, LimitName>> };

/**
 * Procedure meta: the REST route (trpc-to-openapi), for action endpoints their action table, whose
 * bodies the OpenAPI document shows as a union told apart by `action`, the rate limit it takes
 * a token of before it runs (`limit`, see `guarded` in trpc.ts), and the errors its domain can
 * answer (`errors`, beside those its builder, input, limit and headers add: openapi-reference.ts).
 */
export type StudioMeta = OpenApiMeta & {
  actions?: ActionMap<never>;
  limit?: LimitDeclaration;
  errors?: readonly DeclaredError[];
  /** The kind of work the operation starts, which a named key's policy may not allow (domain/keys/policy.ts). */
  keyKind?: KeyKind;
  /**
   * The REST answer is a file of this type rather than JSON: the procedure returns `{ok, filename,
   * content}` (the console reads that object), and REST answers `content` with this Content-Type.
   */
  file?: 'text/csv';
};

/**
 * Action endpoints (`POST /api/admin`, `POST /api/tenant-accounts`) take `{action, ...body}`. Each
 * action is one entry: its body schema (without `action`), the schema of its answer (without `ok`
 * and `action`) and its handler. The REST procedure dispatches on `action` through the map; the
 * console calls one typed procedure per entry built from the same entry, so every action has one
 * implementation and one schema.
 */
export interface Action<C, B extends z.ZodObject = z.ZodObject, O extends z.ZodObject = z.ZodObject> {
  body: B;
  answer: O;
  handler: (ctx: C, body: z.output<B>) => Promise<z.input<O>>;
}

export type ActionMap<C> = Record<string, Action<C>>;

type Operation<C extends { identity: unknown }, B extends z.ZodObject, O extends z.ZodObject> = (
  deps: C,
  who: C['identity'],
  body: z.output<B>,
) => Promise<z.input<O>>;

/**
 * The action map of an endpoint from its body and answer schemas (by action name) and the domain
 * operation of each action, called as `(deps, who, body)` with the procedure's context.
 */
export const actionTable =
  <C extends { identity: unknown }>() =>
  <Bs extends Record<string, z.ZodObject>, Os extends { [K in keyof Bs]: z.ZodObject }>(
    bodies: Bs,
    answers: Os,
    operations: { [K in keyof Bs]: Operation<C, Bs[K], Os[K]> },
  ): { [K in keyof Bs]: Action<C, Bs[K], Os[K]> } =>
    Object.fromEntries(
      Object.keys(bodies).map((name) => {
        const run = operations[name] as Operation<C, z.ZodObject, z.ZodObject>;
        return [
          name,
          {
            body: bodies[name],
            answer: answers[name],
            handler: (ctx: C, body: z.output<z.ZodObject>) => run(ctx, ctx.identity, body),
          },
        ];
      }),
    ) as unknown as { [K in keyof Bs]: Action<C, Bs[K], Os[K]> };

const names = (map: ActionMap<never>) => Object.keys(map);

/** The REST body of one action: its fields plus `action` naming it; unknown keys refused. */
export function actionBody(name: string, entry: Pick<Action<never>, 'body'>): z.ZodObject {
  return entry.body.extend({ action: z.literal(name).meta({ description: `\`${name}\`: names this action` }) });
}

/** Every body the endpoint takes, as the OpenAPI document shows it: a union told apart by `action`. */
export function actionBodyUnion(map: ActionMap<never>) {
  const bodies: z.ZodObject[] = names(map).map((n) => actionBody(n, map[n] as Action<never>));
  return z.discriminatedUnion('action', bodies as [z.ZodObject, ...z.ZodObject[]]);
}

/** Runs the action a REST body names, checked against that action's own schema. */
async function runAction<C>(
  map: ActionMap<C>,
  ctx: C,
  input: { action: string },
): Promise<{ ok: true; action: string }> {
  const entry = Object.hasOwn(map, input.action) ? map[input.action] : undefined;
  if (!entry) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `Unknown action "${input.action}"; known actions: ${names(map).join(', ')}`,
    });
  }
  const { action: _action, ...body } = actionBody(input.action, entry).parse(input);
  return { ok: true, action: input.action, ...(await entry.handler(ctx, body)) };
}

type Resolver<C> = (opts: { ctx: C; input: unknown }) => Promise<never>;

/**
 * The part of a procedure builder these helpers use; the builder's middlewares (who may call) stay
 * its own. Typed loosely on purpose: answers are checked by `.output`, and each procedure's type is
 * declared from its schemas.
 */
interface Builder<C> {
  meta(meta: StudioMeta): Builder<C>;
  input(schema: z.ZodType): {
    output(schema: z.ZodType): { query(resolve: Resolver<C>): unknown; mutation(resolve: Resolver<C>): unknown };
  };
}

type Def<I, O> = { input: I; output: O; meta: StudioMeta };

/**
 * The REST procedure of an action endpoint: reads only `action` from the body (so an unknown action
 * is told apart from a bad body), then checks the rest with that action's strict schema, and answers
 * `{ok: true, action, ...answer}` (the union of the actions' answers in the OpenAPI document).
 */
export function actionEndpoint<C>(builder: Builder<C>, meta: StudioMeta, map: ActionMap<C>) {
  const answers: z.ZodObject[] = names(map).map((n) =>
    (map[n] as Action<C>).answer.extend({
      ok: z.literal(true),
      action: z.literal(n).meta({ description: `\`${n}\`: the action that answered` }),
    }),
  );
  return builder
    .meta(meta)
    .input(z.looseObject({ action: z.string().meta({ description: `One of: ${names(map).join(', ')}` }) }))
    .output(z.discriminatedUnion('action', answers as [z.ZodObject, ...z.ZodObject[]]))
    .mutation(
      ({ ctx, input }) => runAction(map, ctx, input as { action: string }) as Promise<never>,
    ) as TRPCMutationProcedure<
    Def<{ action: string; [key: string]: unknown }, { ok: true; action: string; [key: string]: unknown }>
  >;
}

type Camel<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Head}${Capitalize<Camel<Tail>>}` : S;
type ConsoleProcedure<A, Read extends boolean> =
  A extends Action<never, infer B, infer O>
    ? Read extends true
      ? TRPCQueryProcedure<Def<z.input<B>, z.output<O>>>
      : TRPCMutationProcedure<Def<z.input<B>, z.output<O>>>
    : never;

/**
 * The console's procedures for an action map: one per action, named in camelCase (`skill-upsert` →
 * `skillUpsert`), with the entry's body (no `action`), answer (no `ok`) and handler, on the same builder.
 * Actions listed in `reads` are queries; the others are mutations.
 */
export function consoleProcedures<
  C,
  M extends Record<string, Action<C, z.ZodObject, z.ZodObject>>,
  R extends keyof M & string = never,
>(
  builder: Builder<C>,
  map: M,
  reads: readonly R[] = [],
  limits: Partial<Record<keyof M & string, LimitName>> = {},
): { [K in keyof M & string as Camel<K>]: ConsoleProcedure<M[K], K extends R ? true : false> } {
  const out: Record<string, unknown> = {};
  for (const [name, entry] of Object.entries(map)) {
    const limit = (limits as Partial<Record<string, LimitName>>)[name];
    // A paged read used as an infinite query: tRPC adds `direction` beside `cursor`; the console may
    // send it (the REST body stays strict), and the handler never sees it.
    const paged = (reads as readonly string[]).includes(name) && 'cursor' in entry.body.shape;
    const chain = (limit ? builder.meta({ limit }) : builder)
      .input(paged ? entry.body.extend({ direction: z.enum(['forward', 'backward']).optional() }) : entry.body)
      .output(entry.answer);
    const resolve: Resolver<C> = ({ ctx, input }) => {
      const { direction: _direction, ...body } = input as z.output<z.ZodObject> & { direction?: string };
      return entry.handler(ctx, (paged ? body : input) as z.output<z.ZodObject>) as Promise<never>;
    };
    out[name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = (reads as readonly string[]).includes(name)
      ? chain.query(resolve)
      : chain.mutation(resolve);
  }
  return out as { [K in keyof M & string as Camel<K>]: ConsoleProcedure<M[K], K extends R ? true : false> };
}
