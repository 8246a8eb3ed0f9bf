import type { OpenAPIObject, OperationObject, ParameterObject, ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';

/**
 * What the API reference needs of every operation, checked on the generated document: a summary
 * and description, a description for every field of every request and response (recursively through
 * objects, arrays and unions), each error status with its meaning, and at least one example of the
 * request (when it takes one) and of the answer. Returns one line per gap; empty means complete.
 */
export function documentGaps(doc: OpenAPIObject): string[] {
  const gaps: string[] = [];
  const resolve = (s: SchemaObject | ReferenceObject): SchemaObject | null => {
    if (!('$ref' in s) || typeof s.$ref !== 'string') return s as SchemaObject;
    const name = decodeURIComponent(s.$ref.split('/').pop() ?? '');
    const target = doc.components?.schemas?.[name];
    return target && !('$ref' in target) ? target : null;
  };

  const fields = (where: string, schema: SchemaObject | ReferenceObject, seen: Set<SchemaObject>) => {
    const s = resolve(schema);
    if (!s || seen.has(s)) return;
    const next = new Set(seen).add(s);
    for (const [name, prop] of Object.entries(s.properties ?? {})) {
      const p = resolve(prop);
      const described = Boolean(('$ref' in prop ? undefined : prop.description) ?? p?.description);
      // `ok` only says which kind of answer this is; documented once in the reference's conventions.
      if (!described && name !== 'ok') gaps.push(`${where}.${name}: no description`);
      fields(`${where}.${name}`, prop, next);
    }
    for (const variants of [s.anyOf, s.oneOf, s.allOf]) for (const v of variants ?? []) fields(where, v, next);
    if (s.items && typeof s.items === 'object') fields(`${where}[]`, s.items, next);
    if (s.additionalProperties && typeof s.additionalProperties === 'object')
      fields(`${where}{}`, s.additionalProperties, next);
  };

  const hasExample = (
    media: { example?: unknown; examples?: object; schema?: SchemaObject | ReferenceObject } | undefined,
  ) => {
    if (!media) return false;
    if (media.example !== undefined || (media.examples && Object.keys(media.examples).length > 0)) return true;
    const s = media.schema ? resolve(media.schema) : null;
    return Boolean(s && ((s.examples?.length ?? 0) > 0 || s.example !== undefined));
  };

  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, value] of Object.entries(item as Record<string, OperationObject>)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const op = value;
      const at = `${method.toUpperCase()} ${path}`;
      if (!op.summary) gaps.push(`${at}: no summary`);
      if (!op.description) gaps.push(`${at}: no description`);

      const params = (op.parameters ?? []).filter((p): p is ParameterObject => !('$ref' in p));
      for (const p of params) {
        const schema = p.schema ? resolve(p.schema) : null;
        if (!p.description && !schema?.description) gaps.push(`${at} ${p.in} ${p.name}: no description`);
        if (p.schema) fields(`${at} ${p.in} ${p.name}`, p.schema, new Set());
      }
      const queryExample = params.some(
        (p) => p.example !== undefined || (p.examples && Object.keys(p.examples).length > 0),
      );

      const body = op.requestBody && !('$ref' in op.requestBody) ? op.requestBody : undefined;
      for (const [type, media] of Object.entries(body?.content ?? {})) {
        if (media.schema) fields(`${at} body(${type})`, media.schema, new Set());
      }
      const bodyExample = Object.values(body?.content ?? {}).some(hasExample);
      if ((params.length > 0 || body) && !queryExample && !bodyExample) gaps.push(`${at}: no request example`);

      let answerExample = false;
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if ('$ref' in (response as object)) continue;
        const r = response as {
          description?: string;
          content?: Record<string, { schema?: SchemaObject | ReferenceObject; example?: unknown }>;
        };
        if (!r.description) gaps.push(`${at} ${status}: no description`);
        if (!/^2/.test(status)) continue;
        for (const [type, media] of Object.entries(r.content ?? {})) {
          if (media.schema) fields(`${at} ${status}(${type})`, media.schema, new Set());
          if (hasExample(media)) answerExample = true;
        }
      }
      if (!answerExample) gaps.push(`${at}: no answer example`);
      if (!Object.keys(op.responses ?? {}).some((s) => Number(s) >= 400)) gaps.push(`${at}: no error statuses`);
    }
  }
  return gaps;
}
