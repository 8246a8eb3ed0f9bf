'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OperationFields } from './field-tables';
import { EndpointErrors } from './endpoint-errors';
import { FieldList } from './field-list';

type Tables = Record<string, OperationFields>;

// One request per group page and language, shared by every table a reader opens on it.
const loads = new Map<string, Promise<Tables>>();

function loadTables(url: string): Promise<Tables> {
  let load = loads.get(url);
  if (!load) {
    load = fetch(url).then((r) => (r.ok ? (r.json() as Promise<Tables>) : Promise.reject(new Error(String(r.status)))));
    // A failed load is tried again on the next opening.
    load.catch(() => loads.delete(url));
    loads.set(url, load);
  }
  return load;
}

/**
 * A request body's or an answer's fields, or an operation's error statuses, folded: the table comes from
 * `/docs/fields/<locale>/<group>` when the reader opens it, so a group page stays small. The summary says how
 * many fields there are, or which statuses.
 */
export function LazyFields({
  group,
  operation,
  part,
  count,
  statuses,
}: {
  group: string;
  operation: string;
  part: keyof OperationFields;
  count: number;
  /** For `errors`: the statuses, named in the summary. */
  statuses?: string[];
}) {
  const t = useTranslations('docs.fields');
  const locale = useLocale();
  const [state, setState] = useState<'idle' | 'loading' | 'failed' | Tables>('idle');

  const open = () => {
    if (state !== 'idle' && state !== 'failed') return;
    setState('loading');
    loadTables(`/docs/fields/${locale}/${group}`).then(setState, () => setState('failed'));
  };

  const tables = typeof state === 'object' ? state[operation] : undefined;
  const rows = part === 'errors' ? undefined : tables?.[part]?.rows;
  const errors = part === 'errors' ? tables?.errors : undefined;
  return (
    <details className="group/fields mt-2" onToggle={(e) => e.currentTarget.open && open()}>
      <summary className="cursor-pointer text-sm font-medium text-indigo-600 hover:text-indigo-500">
        {statuses ? t('showErrors', { statuses: statuses.join(' · ') }) : t('show', { count })}
      </summary>
      {state === 'loading' && <p className="mt-2 text-sm text-slate-500">{t('loading')}</p>}
      {state === 'failed' && (
        <p role="alert" className="mt-2 text-sm text-rose-600">
          {t('failed')}
        </p>
      )}
      {rows && <FieldList rows={rows} />}
      {errors && <EndpointErrors errors={errors} />}
    </details>
  );
}
