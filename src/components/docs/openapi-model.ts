import type {
  OpenAPIObject,
  OperationObject,
  ParameterObject,
  PathItemObject,
  ReferenceObject,
  RequestBodyObject,
  ResponseObject,
  SchemaObject,
  SecuritySchemeObject,
} from 'openapi3-ts/oas31';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface Endpoint {
  id: string;
  method: Method;
  path: string;
  op: OperationObject;
  parameters: ParameterObject[];
  /** `mediaType`: how the body is sent, e.g. application/json or multipart/form-data. */
  body: {
    schema: SchemaObject | ReferenceObject;
    required: boolean;
    description?: string;
    mediaType: string;
    example?: unknown;
  } | null;
  success: {
    status: string;
    description: string;
    schema: SchemaObject | ReferenceObject | null;
    mediaType?: string;
    example?: unknown;
  } | null;
  errors: { status: string; description: string }[];
  /** Ways to authenticate; empty when the endpoint is public. */
  auth: SecuritySchemeObject[];
  /** Spends credits (`x-studio-charges`). */
  charges: boolean;
}

export interface TagGroup {
  id: string;
  name: string;
  description?: string;
  endpoints: Endpoint[];
}

function isRef<T extends object>(value: T | ReferenceObject): value is ReferenceObject {
  return typeof (value as ReferenceObject).$ref === 'string';
}

/** Resolves `#/components/<kind>/<name>` once; documents from this service keep these flat. */
function component<T extends object>(doc: OpenAPIObject, value: T | ReferenceObject, kind: string): T | null {
  if (!isRef(value)) return value;
  const [, , k, name] = value.$ref.split('/');
  if (k !== kind || !name) return null;
  const table = doc.components?.[kind as keyof NonNullable<OpenAPIObject['components']>] as
    Record<string, T> | undefined;
  const target = table?.[decodeURIComponent(name)];
  return target && !isRef(target) ? target : null;
}

export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function jsonSchema(content: ResponseObject['content']): SchemaObject | ReferenceObject | null {
  if (!content) return null;
  const media = content['application/json'] ?? Object.values(content)[0];
  return media?.schema ?? null;
}

function authOf(doc: OpenAPIObject, op: OperationObject): SecuritySchemeObject[] {
  const requirements = op.security ?? doc.security ?? [];
  const schemes: SecuritySchemeObject[] = [];
  for (const requirement of requirements) {
    for (const name of Object.keys(requirement)) {
      const raw = doc.components?.securitySchemes?.[name];
      const scheme = raw ? component<SecuritySchemeObject>(doc, raw, 'securitySchemes') : null;
      if (scheme && !schemes.includes(scheme)) schemes.push(scheme);
    }
  }
  return schemes;
}

function endpointOf(
  doc: OpenAPIObject,
  path: string,
  item: PathItemObject,
  method: Method,
  op: OperationObject,
): Endpoint {
  const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])]
    .map((p) => component<ParameterObject>(doc, p, 'parameters'))
    .filter((p): p is ParameterObject => p !== null);

  const requestBody = op.requestBody ? component<RequestBodyObject>(doc, op.requestBody, 'requestBodies') : null;
  const bodySchema = requestBody ? jsonSchema(requestBody.content) : null;

  const responses = Object.entries(op.responses ?? {})
    .map(([status, r]) => ({
      status,
      response: component<ResponseObject>(doc, r as ResponseObject | ReferenceObject, 'responses'),
    }))
    .filter((r): r is { status: string; response: ResponseObject } => r.response !== null);
  const ok = responses.find((r) => /^2/.test(r.status));

  return {
    id: slug(op.operationId ?? `${method}-${path}`),
    method,
    path,
    op,
    parameters,
    body: bodySchema
      ? {
          schema: bodySchema,
          required: requestBody?.required ?? false,
          description: requestBody?.description,
          mediaType: requestBody?.content['application/json']
            ? 'application/json'
            : (Object.keys(requestBody?.content ?? {})[0] ?? 'application/json'),
          example: (requestBody?.content['application/json'] ?? requestBody?.content['multipart/form-data'])
            ?.example as unknown,
        }
      : null,
    success: ok
      ? {
          status: ok.status,
          description: ok.response.description,
          schema: jsonSchema(ok.response.content),
          mediaType: Object.keys(ok.response.content ?? {})[0],
          example: Object.values(ok.response.content ?? {})[0]?.example as unknown,
        }
      : null,
    errors: responses
      .filter((r) => Number(r.status) >= 400)
      .map((r) => ({ status: r.status, description: r.response.description })),
    auth: authOf(doc, op),
    charges: (op as Record<string, unknown>)['x-studio-charges'] === true,
  };
}

/**
 * Endpoints grouped by their first tag, in the document's tag order, then by first appearance.
 * Operator endpoints go last: most readers hold a tenant or member key.
 */
export function groupByTag(doc: OpenAPIObject): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? [])
    groups.set(tag.name, { id: `tag-${slug(tag.name)}`, name: tag.name, description: tag.description, endpoints: [] });

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const name = op.tags?.[0] ?? 'General';
      let group = groups.get(name);
      if (!group) {
        group = { id: `tag-${slug(name)}`, name, endpoints: [] };
        groups.set(name, group);
      }
      group.endpoints.push(endpointOf(doc, path, item, method, op));
    }
  }
  return [...groups.values()]
    .filter((g) => g.endpoints.length > 0)
    .sort((a, b) => Number(a.name === 'Operator') - Number(b.name === 'Operator'));
}

/** The header line a scheme expects, e.g. "X-API-Key: sk-studio-…". */
export function schemeHeader(scheme: SecuritySchemeObject, example = 'sk-studio-…'): string {
  if (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name) return `${scheme.name}: ${example}`;
  if (scheme.type === 'http' && scheme.scheme?.toLowerCase() === 'bearer') return `Authorization: Bearer ${example}`;
  if (scheme.type === 'http' && scheme.scheme) return `Authorization: ${scheme.scheme} …`;
  return scheme.type;
}

/** A scheme's short name for compact notes: "X-API-Key", "Authorization: Bearer". */
export function schemeLabel(scheme: SecuritySchemeObject): string {
  if (scheme.type === 'apiKey' && scheme.name) return scheme.name;
  if (scheme.type === 'http' && scheme.scheme)
    return `Authorization: ${scheme.scheme[0]?.toUpperCase() ?? ''}${scheme.scheme.slice(1)}`;
  return scheme.type;
}

/** Every error status the API documents, with its first description. */
export function errorStatuses(groups: TagGroup[]): { status: string; description: string }[] {
  const seen = new Map<string, string>();
  for (const group of groups) {
    for (const endpoint of group.endpoints) {
      for (const e of endpoint.errors) if (!seen.has(e.status)) seen.set(e.status, e.description);
    }
  }
  return [...seen.entries()]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, description]) => ({ status, description }));
}
