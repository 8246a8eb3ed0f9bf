import type { OpenApiMeta } from 'trpc-to-openapi';
import type { StudioMeta } from './trpc';

export type Route = NonNullable<OpenApiMeta['openapi']>;
type Method = Route['method'];

/**
 * The REST route of a procedure: `route('GET /jobs', 'Images', 'One job, or …', {description})`.
 * Authenticated unless `protect: false` is given; `actions` marks an action-map endpoint; `limit`
 * names the rate limit it counts against; `errors` lists what its domain can answer (declared where
 * it is raised), the statuses its builder, input, limit and headers add being written by themselves.
 */
export function route(
  at: `${Method} /${string}`,
  tag: string,
  summary: string,
  more: Partial<Omit<Route, 'method' | 'path' | 'summary' | 'tags'>> & Omit<StudioMeta, 'openapi'> = {},
): StudioMeta {
  const [method, path] = at.split(' ') as [Method, `/${string}`];
  const {
    actions,
    limit,
    errors,
    file,
    keyKind,
    ...openapi
  }: Pick<StudioMeta, 'actions' | 'limit' | 'errors' | 'file' | 'keyKind'> & Partial<Route> = more;
  return {
    openapi: { method, path, tags: [tag], summary, protect: true, ...openapi },
    ...(actions ? { actions } : {}),
    ...(limit ? { limit } : {}),
    ...(errors ? { errors } : {}),
    ...(file ? { file } : {}),
    ...(keyKind ? { keyKind } : {}),
  };
}
