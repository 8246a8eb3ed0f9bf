import { useTranslations } from 'next-intl';
import { InlineText } from './inline-text';
import type { SchemaRow } from './schema-rows';

/** The parent's path as it leads to a field: `tenants[].`. */
const dotted = (parent: string) => `${parent}.`;

/** A list of documented fields; nested fields are indented under their parent. */
export function FieldList({ rows, empty }: { rows: SchemaRow[]; empty?: string }) {
  const t = useTranslations('docs.fields');
  if (rows.length === 0) return <p className="mt-2 text-sm text-slate-500">{empty ?? t('none')}</p>;
  return (
    <ul className="mt-2 divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
      {rows.map((row) => (
        <li
          key={`${row.parent}.${row.name}`}
          className="grid gap-1.5 px-4 py-3 sm:grid-cols-[minmax(0,15rem)_minmax(0,1fr)] sm:gap-6"
        >
          <div className="min-w-0" style={{ paddingLeft: `${row.depth * 0.875}rem` }}>
            <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <code className="font-mono text-[13px] break-all text-slate-900">
                {row.parent && <span className="text-slate-400">{dotted(row.parent)}</span>}
                <span className="font-semibold">{row.name}</span>
              </code>
              {row.required ? (
                <span className="text-[11px] font-semibold text-rose-600">{t('required')}</span>
              ) : (
                <span className="text-[11px] text-slate-400">{t('optional')}</span>
              )}
            </div>
            <p className="mt-0.5 font-mono text-xs text-slate-500">
              {row.type}
              {row.nullable && ' | null'}
            </p>
          </div>
          <div className="min-w-0 text-sm leading-6 text-slate-600">
            {row.description && (
              <p>
                <InlineText text={row.description} />
              </p>
            )}
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
            {!row.description && row.constant === undefined && !row.enumValues?.length && (
              <span className="hidden text-slate-400 sm:inline">—</span>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
