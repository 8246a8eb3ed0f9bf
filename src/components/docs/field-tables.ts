import type { OpenAPIObject, ReferenceObject, SchemaObject } from 'openapi3-ts/oas31';
import type { Endpoint } from './openapi-model';
import { describeType, schemaRows, type SchemaRow } from './schema-rows';

/** The fields of a request body or an answer; `type` alone says what it is when it has no fields (an array, say). */
export interface FieldTable {
  rows: SchemaRow[];
  type: string;
}

/** The field tables of one operation, and what each error status means, as its page loads them on demand. */
export interface OperationFields {
  body?: FieldTable;
  response?: FieldTable;
  errors?: Endpoint['errors'];
}

const table = (doc: OpenAPIObject, schema: SchemaObject | ReferenceObject): FieldTable => {
  const { type, nullable } = describeType(doc, schema);
  return { rows: schemaRows(doc, schema), type: nullable ? `${type} | null` : type };
};

/**
 * The request and response field tables and the error statuses of operations (a group's), keyed by the
 * operation's anchor. They are the bulk of a group page, so the page sends them only when a reader opens one
 * (`/docs/fields/<locale>/<group>`).
 */
export function fieldTables(doc: OpenAPIObject, endpoints: Endpoint[]): Record<string, OperationFields> {
  const tables: Record<string, OperationFields> = {};
  for (const endpoint of endpoints) {
    tables[endpoint.id] = {
      body: endpoint.body ? table(doc, endpoint.body.schema) : undefined,
      response: endpoint.success?.schema ? table(doc, endpoint.success.schema) : undefined,
      errors: endpoint.errors.length > 0 ? endpoint.errors : undefined,
    };
  }
  return tables;
}
