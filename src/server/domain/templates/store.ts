import type { FieldSpec } from '@/contracts/slots';
import { isUniqueViolation } from '@/server/db/rows';
import { AppError, declared, notFound, notFoundError } from '@/server/errors';
import type { Identity } from '@/server/domain/auth/identity';
import { canReadContent, canWrite, ownerOf, sourceOf, type WriterIdentity } from './access';

/** The 409 of a create whose slug another template (of any tenant) has. */
export const TEMPLATE_SLUG_TAKEN_ERROR = declared(
  'CONFLICT',
  'The slug is already taken (slugs are unique across all tenants); nothing was created',
);

/** What an update of a stored template answers besides the caller's and the body's refusals. */
export const TEMPLATE_UPDATE_ERRORS = [
  notFoundError('template'),
  declared('FORBIDDEN', 'A platform template: only the operator changes it'),
];

/**
 * What the image/article store and the video store share: who owns a new row, which columns every
 * template has, how a taken slug is refused, and which rows a writer may change.
 */

interface CommonFields {
  zh_name?: string | undefined;
  description?: string | undefined;
  category?: string | undefined;
  active?: boolean | undefined;
  gated?: boolean | undefined;
}

interface CommonRow {
  tenantId: string | null;
  zhName: string;
  description: string;
  category: string;
  active: boolean;
  gated: boolean;
  origin: 'catalog' | 'operator' | 'tenant';
}

/** The columns of a new template: owned by the caller's tenant (`private`), or the platform's (`shared`) for the operator. */
export function newRowColumns(who: WriterIdentity, body: CommonFields & { zh_name: string }) {
  const owner = ownerOf(who);
  return {
    tenantId: owner,
    zhName: body.zh_name,
    description: body.description ?? '',
    category: body.category ?? '',
    visibility: owner === null ? ('shared' as const) : ('private' as const),
    active: body.active ?? true,
    gated: body.gated ?? false,
    origin: owner === null ? ('operator' as const) : ('tenant' as const),
  };
}

/** The shared columns after an update: what the body gives, else what the row has. An operator's edit of a catalogue row makes it the operator's. */
export function changedColumns(body: CommonFields, row: CommonRow) {
  return {
    zhName: body.zh_name ?? row.zhName,
    description: body.description ?? row.description,
    category: body.category ?? row.category,
    active: body.active ?? row.active,
    gated: body.gated ?? row.gated,
    origin: row.origin === 'catalog' ? ('operator' as const) : row.origin,
    updatedAt: new Date(),
  };
}

/** Runs an insert whose slug is unique across all tenants: a taken slug is 409 and never overwrites. */
export async function insertWithSlug<T>(slug: string, store: string, insert: () => Promise<T | undefined>): Promise<T> {
  try {
    const row = await insert();
    if (!row) throw new AppError('INTERNAL', `the ${store} was not created`);
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(
        'CONFLICT',
        `The slug "${slug}" is already taken (${store} slugs are unique across all tenants); choose another`,
      );
    }
    throw err;
  }
}

/** The row a writer may change: 404 when the caller cannot see it, 403 when it is the platform's. */
export function writableRow<R extends { tenantId: string | null }>(
  who: WriterIdentity,
  row: R | undefined,
  what: string,
  platformRefusal: string,
): R {
  if (!row) throw notFound(what);
  if (!canWrite(who, row)) throw new AppError('FORBIDDEN', platformRefusal);
  return row;
}

interface ViewRow extends CommonRow {
  id: string;
  slug: string;
  visibility: 'private' | 'shared';
  promptTemplate: string;
  fields: FieldSpec[];
  createdAt: Date;
  updatedAt: Date;
}

/**
 * What a template of either store shows every caller: who owns it, whether it is active and gated,
 * and its prompt and fields only when the caller may read them (`locked` otherwise). Another
 * tenant's template (one a claim code granted) shows its seller's display name, never its tenant id.
 */
export function commonView(who: Identity, row: ViewRow, grants?: ReadonlySet<string>, ownerName?: string | null) {
  const open = canReadContent(who, row, grants);
  const othersRow = row.tenantId !== null && who.kind !== 'admin' && row.tenantId !== who.tenantId;
  return {
    open,
    view: {
      id: row.id,
      slug: row.slug,
      zh_name: row.zhName,
      description: row.description,
      category: row.category,
      tenant_id: othersRow ? null : row.tenantId,
      seller: othersRow ? (ownerName ?? null) : null,
      visibility: row.visibility,
      active: row.active,
      gated: row.gated,
      source: sourceOf(row, who),
      locked: !open,
      prompt_template: open ? row.promptTemplate : null,
      fields: open ? row.fields : null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}
