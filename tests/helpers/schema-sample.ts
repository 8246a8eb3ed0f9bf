import { randomUUID } from 'node:crypto';

/** A JSON Schema node of the OpenAPI document, as far as the sweep reads it. */
export interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: SchemaNode[];
  oneOf?: SchemaNode[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  format?: string;
  default?: unknown;
}

export type Resolve = (ref: string) => SchemaNode;

/** Values the sweep puts where a field of that name is asked for, so requests reach past "not found". */
export type Known = Record<string, unknown>;

/**
 * A plausible value for a schema: required properties only, the first enum value, the minimum of a
 * number, a uuid or email where the format asks. Fields named in `known` take their known values.
 */
export function sampleOf(node: SchemaNode, resolve: Resolve, known: Known = {}, name?: string): unknown {
  if (name !== undefined && name in known) return known[name];
  if (node.$ref) return sampleOf(resolve(node.$ref), resolve, known, name);
  if (node.const !== undefined) return node.const;
  if (node.enum) return node.enum[0];
  const options = node.anyOf ?? node.oneOf;
  if (options) {
    const first = options.find((o) => o.type !== 'null') ?? options[0];
    return first ? sampleOf(first, resolve, known, name) : null;
  }
  const type = Array.isArray(node.type) ? node.type.find((t) => t !== 'null') : node.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of node.required ?? []) {
        const prop = node.properties?.[key];
        if (prop) out[key] = sampleOf(prop, resolve, known, key);
      }
      return out;
    }
    case 'array':
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () =>
        node.items ? sampleOf(node.items, resolve, known) : 'x',
      );
    case 'integer':
    case 'number':
      return node.minimum ?? (node.exclusiveMinimum !== undefined ? node.exclusiveMinimum + 1 : 1);
    case 'boolean':
      return true;
    case 'string':
      if (node.format === 'uuid') return randomUUID();
      if (node.format === 'email') return `sweep-${randomUUID().slice(0, 8)}@example.cn`;
      if (node.format === 'uri') return 'https://example.com/sweep.png';
      return 'sweep'.padEnd(node.minLength ?? 1, 'x');
    default:
      return null;
  }
}

/** The variants of a body: each member of a top-level `oneOf` (an action endpoint), or the schema itself. */
export function variantsOf(node: SchemaNode, resolve: Resolve): SchemaNode[] {
  const top = node.$ref ? resolve(node.$ref) : node;
  return top.oneOf ?? [top];
}

/** Every path into a value (objects' keys and arrays' indexes), the root included. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const out: (string | number)[][] = [prefix];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...pathsOf(v, [...prefix, i])));
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) out.push(...pathsOf(v, [...prefix, k]));
  return out;
}

/** A copy of `value` with the value at `path` replaced (the root when the path is empty). */
export function replaceAt(value: unknown, path: (string | number)[], replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value))
    return (value as unknown[]).map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return { ...object, [String(head)]: replaceAt(object[String(head)], rest, replacement) };
}
