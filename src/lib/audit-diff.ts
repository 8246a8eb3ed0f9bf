/** One field an operator action changed: its value before and after (undefined: not there). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an audit row's `before` and `after`, in the order they first
 * appear; a created object (no before) lists all its fields, a removed one (no after) likewise.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((c) => !same(c.before, c.after));
}

/** A value of an audit row as one short line: strings as they are, absent as a dash, others as JSON. */
export function auditValue(value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}
