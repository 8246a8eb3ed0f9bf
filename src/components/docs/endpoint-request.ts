import type { ApiRequest } from '@/components/snippets/request-snippets';
import type { Endpoint } from './openapi-model';

type Value = string | number | boolean;

const isValue = (v: unknown): v is Value => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** The request the document's examples describe for an endpoint: parameters, headers and body as the reference shows them. */
export function exampleRequest(endpoint: Endpoint): ApiRequest {
  const of = (where: string) =>
    Object.fromEntries(
      endpoint.parameters.filter((p) => p.in === where && isValue(p.example)).map((p) => [p.name, p.example as Value]),
    );
  const multipart = endpoint.body?.mediaType === 'multipart/form-data';
  const example = endpoint.body?.example;
  return {
    method: endpoint.method.toUpperCase(),
    path: endpoint.path,
    pathParams: Object.fromEntries(Object.entries(of('path')).map(([k, v]) => [k, String(v)])),
    query: of('query'),
    headers: Object.fromEntries(Object.entries(of('header')).map(([k, v]) => [k, String(v)])),
    ...(endpoint.body && example !== undefined
      ? multipart
        ? { form: example as Record<string, string> }
        : { body: example }
      : {}),
    auth: endpoint.auth.length > 0,
    stream: endpoint.success?.mediaType === 'text/event-stream',
  };
}
