import type { HeadersObject, ResponsesObject } from 'openapi3-ts/oas31';
import { errorStatus, type DeclaredError } from '@/server/errors';

/**
 * The error answers of the OpenAPI document, written from the errors each operation declares
 * (`DeclaredError`, beside the code that raises them) and from what its building blocks add by
 * themselves (`operationErrors` in openapi-reference.ts). Every file describing operations by hand
 * (openapi-chat.ts, openapi-image-template.ts, …) writes its error answers with `errorResponses`, so
 * the document has one way to say them; the API suite checks every answer against the result
 * (tests/helpers/answer-check.ts).
 */

/** What every operation may answer, whatever it does: a bug, or the database briefly unreachable. */
export const ALWAYS: readonly DeclaredError[] = [
  { code: 'INTERNAL', meaning: 'Internal error; it is logged under the answer’s `X-Request-Id`' },
  {
    code: 'UNAVAILABLE',
    meaning: 'The database is briefly unreachable; retry after the `Retry-After` header’s seconds',
  },
];

/** A JSON body the REST front reads before the operation runs. */
export const JSON_BODY: readonly DeclaredError[] = [
  {
    code: 'BAD_REQUEST',
    meaning:
      'The body is not a JSON object, or is refused by the operation’s schema (`reason: validation`, ' +
      '`issues` lists each refused field); do not retry unchanged',
  },
  { code: 'PAYLOAD_TOO_LARGE', meaning: 'The body is larger than the server accepts' },
  { code: 'UNSUPPORTED_MEDIA_TYPE', meaning: 'The body is not sent as `Content-Type: application/json`' },
];

/** Input in the query (or a body the schema refuses): 400 naming the fields. */
export const INPUT: DeclaredError = {
  code: 'BAD_REQUEST',
  meaning:
    'The query or body is refused (`reason: validation`, `issues` lists each refused field); do not retry unchanged',
};

const RETRY_AFTER: HeadersObject = {
  'Retry-After': {
    description: 'Seconds to wait before sending the request again',
    schema: { type: 'integer', minimum: 1 },
  },
};

/**
 * The error responses of `errors`, one per status (meanings of one status joined), each with the
 * body schema `body` (Studio's `Error`, or `OpenAIError` on the OpenAI-compatible paths) and, on
 * 429 and 503, the `Retry-After` header.
 */
export function errorResponses(errors: readonly DeclaredError[], body = 'Error'): ResponsesObject {
  const meanings = new Map<number, string[]>();
  for (const e of errors) {
    const status = errorStatus[e.code];
    const list = meanings.get(status) ?? [];
    if (!list.includes(e.meaning)) list.push(e.meaning);
    meanings.set(status, list);
  }
  const responses: ResponsesObject = {};
  for (const [status, list] of [...meanings].sort(([a], [b]) => a - b)) {
    responses[String(status)] = {
      description: list.length === 1 ? (list[0] ?? '') : list.map((m) => `- ${m}`).join('\n'),
      ...(status === 429 || status === 503 ? { headers: RETRY_AFTER } : {}),
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${body}` } } },
    };
  }
  return responses;
}
