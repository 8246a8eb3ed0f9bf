/**
 * A worked example of one REST operation, keyed `METHOD /path` as the OpenAPI document writes it:
 * the query or path parameters, the JSON body (or form fields for multipart) and a 2xx answer.
 * The generator copies them into the document (`example` on media types and parameters), the
 * reference renders its curl/JavaScript/Python calls from them, and openapi-reference.test.ts
 * parses every one with the procedure's own input and output schemas, so they cannot drift.
 */
export interface OperationExample {
  /** Path parameters, substituted into the path template. */
  path?: Record<string, string>;
  query?: Record<string, string | number | boolean>;
  headers?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data fields; a value starting with `@` names a local file (curl's convention). */
  form?: Record<string, string>;
  response: unknown;
}
