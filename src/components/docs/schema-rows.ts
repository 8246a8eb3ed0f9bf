import type { OpenAPIObject, ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';

type Schema = SchemaObject | ReferenceObject;

/** One documented field, flattened out of a (possibly nested) JSON schema. */
export interface SchemaRow {
  /** Dotted path of the parent, e.g. "tenants[]"; empty at the top level. */
  parent: string;
  name: string;
  depth: number;
  type: string;
  required: boolean;
  nullable: boolean;
  description?: string;
  enumValues?: string[];
  /** A fixed value (JSON `const`), shown verbatim. */
  constant?: string;
}

function isRef(schema: Schema): schema is ReferenceObject {
  return typeof (schema as ReferenceObject).$ref === 'string';
}

/** Follows local `#/components/schemas/...` references; `seen` stops self-referencing schemas. */
export function resolveSchema(doc: OpenAPIObject, schema: Schema, seen: Set<string> = new Set()): SchemaObject | null {
  let current: Schema = schema;
  while (isRef(current)) {
    const ref = current.$ref;
    if (seen.has(ref)) return null;
    seen.add(ref);
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    const target = name ? doc.components?.schemas?.[decodeURIComponent(name)] : undefined;
    if (!target) return null;
    current = target;
  }
  return current;
}

function refName(schema: Schema): string | null {
  return isRef(schema) ? (schema.$ref.split('/').pop() ?? null) : null;
}

/** The variants of a union, or the schema itself. */
function variants(schema: SchemaObject): Schema[] {
  return schema.anyOf ?? schema.oneOf ?? [schema];
}

function isNullSchema(doc: OpenAPIObject, schema: Schema): boolean {
  const s = resolveSchema(doc, schema);
  return !!s && (s.type === 'null' || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === 'null'));
}

/** A short type label plus whether null is allowed: "string (uuid)", "object[]", "integer | string". */
export function describeType(
  doc: OpenAPIObject,
  schema: Schema,
  seen: Set<string> = new Set(),
): { type: string; nullable: boolean } {
  const named = refName(schema);
  const s = resolveSchema(doc, schema, seen);
  if (!s) return { type: named ?? 'any', nullable: false };

  if (s.anyOf ?? s.oneOf) {
    const parts = variants(s);
    const nullable = parts.some((p) => isNullSchema(doc, p));
    const labels = [
      ...new Set(parts.filter((p) => !isNullSchema(doc, p)).map((p) => describeType(doc, p, new Set(seen)).type)),
    ];
    return { type: labels.join(' | ') || 'null', nullable };
  }
  if (s.allOf) return { type: named ?? 'object', nullable: false };

  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const nullable = types.includes('null');
  const nonNull = types.filter((t) => t !== 'null');

  const label = (t: string): string => {
    if (t === 'array') {
      const items = s.items ? describeType(doc, s.items, new Set(seen)).type : 'any';
      return `${items.includes(' ') ? `(${items})` : items}[]`;
    }
    if (t === 'object' && named) return named;
    return s.format && t !== 'object' ? `${t} (${s.format})` : t;
  };

  if (nonNull.length === 0) {
    if (s.properties) return { type: named ?? 'object', nullable };
    if (s.const !== undefined) return { type: typeof s.const, nullable };
    return { type: named ?? 'any', nullable };
  }
  return { type: nonNull.map(label).join(' | '), nullable };
}

/** The object whose fields a schema exposes: itself, the items of an array, or the object variant of a union. */
function fieldsOwner(
  doc: OpenAPIObject,
  schema: Schema,
  seen: Set<string>,
): { owner: SchemaObject; suffix: string } | null {
  const s = resolveSchema(doc, schema, seen);
  if (!s) return null;
  if (s.properties || s.allOf) return { owner: s, suffix: '' };
  if (s.items && (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array')))) {
    const inner = fieldsOwner(doc, s.items, seen);
    return inner ? { owner: inner.owner, suffix: `[]${inner.suffix}` } : null;
  }
  for (const variant of s.anyOf ?? s.oneOf ?? []) {
    if (isNullSchema(doc, variant)) continue;
    const inner = fieldsOwner(doc, variant, seen);
    if (inner) return inner;
  }
  return null;
}

/** Properties and required names of an object, merging `allOf` parts. */
function objectFields(
  doc: OpenAPIObject,
  s: SchemaObject,
  seen: Set<string>,
): { properties: Record<string, Schema>; required: Set<string> } {
  const properties: Record<string, Schema> = { ...(s.properties ?? {}) };
  const required = new Set(s.required ?? []);
  for (const part of s.allOf ?? []) {
    const resolved = resolveSchema(doc, part, new Set(seen));
    if (!resolved) continue;
    const merged = objectFields(doc, resolved, seen);
    Object.assign(properties, merged.properties);
    merged.required.forEach((name) => required.add(name));
  }
  return { properties, required };
}

function literal(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Flattens a schema into one row per field, depth first, nested fields after their parent.
 * A schema without fields of its own (a bare string, say) gives no rows; see `describeType`.
 */
export function schemaRows(
  doc: OpenAPIObject,
  schema: Schema,
  parent = '',
  depth = 0,
  seen: Set<string> = new Set(),
): SchemaRow[] {
  const found = fieldsOwner(doc, schema, seen);
  if (!found) return [];
  const { properties, required } = objectFields(doc, found.owner, seen);
  const prefix = parent + found.suffix;
  const rows: SchemaRow[] = [];

  for (const [name, propSchema] of Object.entries(properties)) {
    const resolved = resolveSchema(doc, propSchema, new Set(seen));
    const { type, nullable } = describeType(doc, propSchema, new Set(seen));
    const enumSource = resolved?.enum ?? enumOfUnion(doc, resolved);
    rows.push({
      parent: prefix,
      name,
      depth,
      type,
      nullable,
      required: required.has(name),
      description: resolved?.description ?? (isRef(propSchema) ? undefined : propSchema.description),
      enumValues: enumSource?.filter((v) => v !== null).map(literal),
      constant: resolved?.const !== undefined ? literal(resolved.const) : undefined,
    });
    rows.push(...schemaRows(doc, propSchema, prefix ? `${prefix}.${name}` : name, depth + 1, new Set(seen)));
  }
  return rows;
}

/** Enum values spread over a nullable union, e.g. anyOf [{enum:[a,b]}, {type:null}]. */
function enumOfUnion(doc: OpenAPIObject, s: SchemaObject | null): unknown[] | undefined {
  if (!s) return undefined;
  const values = variants(s)
    .filter((v) => v !== s)
    .flatMap((v): unknown[] => resolveSchema(doc, v)?.enum ?? []);
  return values.length ? values : undefined;
}
