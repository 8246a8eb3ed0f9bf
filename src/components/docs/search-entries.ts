import type { Reference } from './catalogue/reference';
import type { Method } from './openapi-model';
import { schemaRows } from './schema-rows';

/** One operation as the reference's search knows it, in one language. */
export interface SearchEntry {
  /** The anchor on its group page. */
  id: string;
  group: string;
  groupTitle: string;
  method: Method;
  path: string;
  title: string;
  operationId: string;
  /** Fields of its parameters, body and answer: name and description. */
  fields: [name: string, description: string][];
}

/** The search index of the reference in one language: every operation with its fields, small enough to send once. */
export function searchEntries(reference: Reference): SearchEntry[] {
  const { doc } = reference;
  return reference.groups.flatMap((group) =>
    group.endpoints.map((endpoint) => {
      const fields = new Map<string, string>();
      const addRows = (rows: { name: string; description?: string }[]) => {
        for (const row of rows)
          if (!fields.has(row.name) || !fields.get(row.name)) fields.set(row.name, row.description ?? '');
      };
      addRows(endpoint.parameters.map((p) => ({ name: p.name, description: p.description })));
      if (endpoint.body) addRows(schemaRows(doc, endpoint.body.schema));
      if (endpoint.success?.schema) addRows(schemaRows(doc, endpoint.success.schema));
      return {
        id: endpoint.id,
        group: group.slug,
        groupTitle: group.title,
        method: endpoint.method,
        path: `/api${endpoint.path}`,
        title: endpoint.op.summary ?? '',
        operationId: endpoint.op.operationId ?? '',
        fields: [...fields],
      };
    }),
  );
}
