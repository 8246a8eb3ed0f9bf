import { isRequired, MAX_INPUT_CHARS, SENTENCE_SLOT, type FieldSpec } from '@/contracts/slots';

/**
 * Names and input schemas of the tools made from a caller's templates and form skills. Pure: the
 * same rows give the same tools, so `tools/list` and `tools/call` of one caller always agree.
 */

/**
 * The longest tool name: MCP allows 128 characters, but several assistants' tool-calling APIs take
 * only `^[a-zA-Z0-9_-]{1,64}$`, so names stay inside that.
 */
export const MAX_TOOL_NAME = 64;

/** `prefix_slug` in the characters every client accepts: lower-case letters, digits and `_`. */
export function toolNameOf(prefix: string, slug: string): string {
  const tail = slug
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return `${prefix}_${tail || 'unnamed'}`.slice(0, MAX_TOOL_NAME).replace(/_+$/, '');
}

/**
 * Gives each row its tool name, de-duplicated: rows are taken oldest first (then by id), and a name
 * already given gets `_2`, `_3`… (kept within the length bound), so a row created later never
 * renames a tool an assistant has already seen. `taken` holds names that are not free (built-in tools).
 */
export function assignToolNames<T extends { id: string; slug: string; createdAt: string }>(
  prefix: string,
  rows: readonly T[],
  taken: ReadonlySet<string> = new Set(),
): Map<string, T> {
  const used = new Set(taken);
  const named = new Map<string, T>();
  const ordered = [...rows].sort((a, b) =>
    a.createdAt === b.createdAt ? (a.id < b.id ? -1 : 1) : a.createdAt < b.createdAt ? -1 : 1,
  );
  for (const row of ordered) {
    const base = toolNameOf(prefix, row.slug);
    let name = base;
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = `${base.slice(0, MAX_TOOL_NAME - suffix.length)}${suffix}`;
    }
    used.add(name);
    named.set(name, row);
  }
  return named;
}

/** A JSON Schema object of string properties, as MCP's `inputSchema` takes it. */
export interface ObjectSchema {
  type: 'object';
  properties: Record<string, Record<string, unknown>>;
  required?: string[];
  additionalProperties: false;
  [extra: string]: unknown;
}

/** What an assistant reads about a field: its label, then the hint and the example when there are some. */
function describeField(field: FieldSpec): string {
  const parts = [field.label];
  if (field.help) parts.push(field.help);
  if (field.placeholder) parts.push(`e.g. ${field.placeholder}`);
  if (field.type === 'image')
    parts.push('The http(s) URL or the upload key of an image of yours (POST /api/upload-ref)');
  return parts.join('. ');
}

/**
 * The input schema of a template or form skill: one string per `{slot}` field, titled with its label,
 * required as the field says. Without fields the recipe takes one sentence, as `input`.
 */
export function fieldsInputSchema(fields: readonly FieldSpec[] | null): ObjectSchema {
  if (!fields || fields.length === 0) {
    return {
      type: 'object',
      properties: {
        [SENTENCE_SLOT]: {
          type: 'string',
          minLength: 1,
          maxLength: MAX_INPUT_CHARS,
          description: 'One sentence describing what to make',
        },
      },
      required: [SENTENCE_SLOT],
      additionalProperties: false,
    };
  }
  const properties: ObjectSchema['properties'] = {};
  for (const field of fields) {
    properties[field.key] = {
      type: 'string',
      title: field.label,
      description: describeField(field),
      maxLength: MAX_INPUT_CHARS,
      ...(field.type === 'textarea' ? { 'x-multiline': true } : {}),
      ...(field.default !== undefined ? { default: field.default } : {}),
    };
  }
  const required = fields.filter(isRequired).map((f) => f.key);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };
}

/**
 * The `input` a template or skill takes from a tool call's arguments: the fields' values (text, as
 * the schema says), or the sentence. What is missing or wrong is left to the procedure, whose refusal
 * the caller reads (the same words REST answers).
 */
export function slotInput(
  fields: readonly FieldSpec[] | null,
  args: Record<string, unknown>,
): string | Record<string, string> {
  if (!fields || fields.length === 0) {
    const sentence = args[SENTENCE_SLOT];
    return typeof sentence === 'string' ? sentence : '';
  }
  const input: Record<string, string> = {};
  for (const field of fields) {
    const value = args[field.key];
    if (typeof value === 'string') input[field.key] = value;
    else if (typeof value === 'number' || typeof value === 'boolean') input[field.key] = String(value);
  }
  return input;
}
