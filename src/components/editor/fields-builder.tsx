'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { PlusIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FieldCard } from './field-card';
import { MAX_FIELDS } from './fill';

interface FieldsBuilderProps {
  /** The rows of the form's `fields` array (their ids key the cards). */
  rows: readonly { id: string }[];
  /** Adds an empty field at the end and focuses its key. */
  onAdd: () => void;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Keys of fields the prompt does not use yet. */
  unused: ReadonlySet<string>;
  /** Puts `{key}` into the prompt at its cursor. */
  onInsert: (key: string) => void;
  /** Shown instead of the template's note when there are no fields. */
  emptyNote?: ReactNode;
  /** What the fields belong to, for the limit's note (a template unless told). */
  noun?: 'template' | 'skill';
}

/**
 * Edits the `fields` of the form around it: each field has a key (its `{key}` slot), a label, an
 * input type, an optional placeholder and help, and is required or optional with a default. Fields
 * can be added, removed and moved with the keyboard.
 */
export function FieldsBuilder({
  rows,
  onAdd,
  onMove,
  onRemove,
  unused,
  onInsert,
  emptyNote,
  noun = 'template',
}: FieldsBuilderProps) {
  const t = useTranslations('templates.fieldsBuilder');
  return (
    <div className="space-y-3">
      {rows.length === 0 && emptyNote !== undefined ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-4 py-5 text-sm leading-6 text-slate-600">
          {emptyNote}
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-4 py-5 text-sm leading-6 text-slate-600">
          {t.rich('empty', {
            slot: '{input}',
            b: (chunks) => <span className="font-medium text-slate-800">{chunks}</span>,
            code: (chunks) => <code className="inline-code">{chunks}</code>,
          })}
        </p>
      ) : (
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={row.id}>
              <FieldCard
                index={i}
                count={rows.length}
                unusedKeys={unused}
                onMove={(by) => onMove(i, i + by)}
                onRemove={() => onRemove(i)}
                onInsert={onInsert}
              />
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        onClick={onAdd}
        disabled={rows.length >= MAX_FIELDS}
        className="w-full border-dashed sm:w-auto"
      >
        <PlusIcon className="size-4" />
        {t('add')}
      </Button>
      {rows.length >= MAX_FIELDS && <p className="text-xs text-slate-500">{t('limit', { noun, max: MAX_FIELDS })}</p>}
    </div>
  );
}
