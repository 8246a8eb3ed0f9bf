'use client';

import { useTranslations } from 'next-intl';
import { InlineText } from './inline-text';
import type { SchemaRow } from './schema-rows';

/** The parent's path as it leads to a field: `tenants[].`. */
const dotted = (parent: string) => `${parent}.`;

/** A type as the reference writes it: `string | null` when null is allowed. */
const typeLabel = (row: SchemaRow) => (row.nullable ? `${row.type} | null` : row.type);

/**
 * A list of documented fields; nested fields are indented under their parent. A client component so that a
 * group page carries its rows once as data and once as HTML, not twice as markup (the page stays under 300 KB).
 */
export function FieldList({ rows, empty }: { rows: SchemaRow[]; empty?: string }) {
  const t = useTranslations('docs.fields');
  if (rows.length === 0) return <p className="mt-2 text-sm text-slate-500">{empty ?? t('none')}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded-xl text-sm ring-1 ring-slate-200">
      {rows.map((row) => (
        <li
          key={`${row.parent}.${row.name}`}
          className="grid gap-1 px-4 py-3 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] sm:gap-6"
        >
          <div className="min-w-0" style={row.depth ? { paddingLeft: `${row.depth * 0.875}rem` } : undefined}>
            <code className="font-mono text-[13px] break-all">
              {row.parent && <span className="text-slate-500">{dotted(row.parent)}</span>}
              <b>{row.name}</b>
            </code>{' '}
            <span className={row.required ? 'text-[11px] font-semibold text-rose-700' : 'text-[11px] text-slate-500'}>
              {t(row.required ? 'required' : 'optional')}
            </span>
            <p className="font-mono text-xs text-slate-500">{typeLabel(row)}</p>
          </div>
          <div className="min-w-0 leading-6 text-slate-600">
            {row.description && <InlineText text={row.description} />}
            {row.constant !== undefined && (
              <p>
                {t.rich('always', {
                  value: row.constant,
                  code: (chunks) => <code className="inline-code">{chunks}</code>,
                })}
              </p>
            )}
            {row.enumValues && row.enumValues.length > 0 && (
              <p className="flex flex-wrap items-center gap-1.5">
                <span className="text-slate-500">{t('oneOf')}</span>
                {row.enumValues.map((v) => (
                  <code key={v} className="inline-code">
                    {v}
                  </code>
                ))}
              </p>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
