import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';

/**
 * The request schemas of OpenAI's published OpenAPI document (vendored by scripts/vendor-openai-openapi.ts). A body the document
 * refuses is one OpenAI refuses; the simulator is no proof, as it is only as strict as it was written.
 */

interface Vendored {
  _source: { repository: string; path: string; commit: string; info_version: string };
  components: { schemas: Record<string, Schema> };
}
export interface Schema {
  $ref?: string;
  allOf?: Schema[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  enum?: unknown[];
}

export const doc = JSON.parse(
  readFileSync(resolve(import.meta.dirname, '../fixtures/openai-openapi/schemas.json'), 'utf8'),
) as Vendored;
export const VERSION = doc._source.info_version;
export const schemas = doc.components.schemas;

/** Annotations of the document that are not JSON Schema keywords: OpenAPI's own and every `x-` extension. */
function annotations(value: unknown, found = new Set(['example', 'discriminator', 'beta'])): Set<string> {
  if (Array.isArray(value)) value.forEach((v) => annotations(v, found));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith('x-')) found.add(k);
      annotations(v, found);
    }
  }
  return found;
}

/** An absolute URI (RFC 3986: a scheme, then anything the URL parser takes); `data:` URLs are URIs. */
function isUri(text: string): boolean {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The document still writes OpenAPI 3.0's `nullable: true` in places, sometimes without a `type`, which
 * JSON Schema lacks: read as what it means, the schema or null.
 */
function withoutNullable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNullable);
  if (value === null || typeof value !== 'object') return value;
  const { nullable, ...rest } = value as Record<string, unknown>;
  const out = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [
      k,
      k === 'enum' || k === 'default' || k === 'example' ? v : withoutNullable(v),
    ]),
  );
  return nullable === true ? { anyOf: [out, { type: 'null' }] } : out;
}

function compiler(opts: { coerceTypes?: boolean } = {}): (name: string) => ValidateFunction {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12.
  const ajv = new Ajv2020({ allErrors: true, strictTypes: false, strictTuples: false, strictRequired: false, ...opts });
  // `components` holds the schemas so the document's own `#/components/schemas/...` refs resolve.
  ajv.addVocabulary([...annotations(doc.components), 'components']);
  ajv.addFormat('binary', true);
  ajv.addFormat('uri', isUri);
  ajv.addSchema({ $id: 'openai', components: withoutNullable(doc.components) });
  return (name) =>
    ajv.getSchema(`openai#/components/schemas/${name}`) ??
    (() => {
      throw new Error(`no schema ${name}`);
    })();
}

export const json = compiler();
// Multipart fields are strings on the wire; the document types them as it types JSON.
export const multipart = compiler({ coerceTypes: true });

export function deref(s: Schema): Schema {
  const name = s.$ref?.split('/').pop();
  return name ? deref(schemas[name] ?? {}) : s;
}

/** Top-level property names a request schema declares, through `allOf`. */
export function declared(name: string): Set<string> {
  const out = new Set<string>();
  const walk = (s: Schema): void => {
    const r = deref(s);
    r.allOf?.forEach(walk);
    for (const k of Object.keys(r.properties ?? {})) out.add(k);
  };
  walk({ $ref: `#/components/schemas/${name}` });
  return out;
}

/** The enum branch of a property's `anyOf` (the document's known values beside a free string), if any. */
export function enumOf(name: string, prop: string): unknown[] | null {
  const p = deref(schemas[name]?.properties?.[prop] ?? {});
  return p.enum ?? p.anyOf?.map(deref).find((b) => b.enum)?.enum ?? null;
}

export function problems(validate: ValidateFunction, value: unknown, schemaName: string): string[] {
  const out = validate(value)
    ? []
    : (validate.errors ?? []).map(
        (e: ErrorObject) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`,
      );
  // OpenAI refuses a field its API does not have (400 unknown_parameter); the schemas do not say so.
  const known = declared(schemaName);
  for (const key of Object.keys(value as object))
    if (!known.has(key)) out.push(`/${key} is not a parameter of ${schemaName}`);
  return out;
}
