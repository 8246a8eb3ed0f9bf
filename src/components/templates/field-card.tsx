'use client';

import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { KEY_PATTERN } from '@/contracts/slots';
import { ArrowDownIcon, ArrowUpIcon, BracesIcon, TrashIcon, WarningIcon } from '@/components/icons';
import { cn } from '../ui/cn';
import { FieldBlock, FormField } from '../ui/form';
import { Input } from '../ui/input';
import { Select } from '../ui/select';
import { Switch } from '../ui/switch';
import { newField, type FieldDraft } from './fields-form';
import { IconButton } from './form-parts';

/** Any form with a fields builder: the template and the skill editor. */
interface FieldsValues {
  fields: FieldDraft[];
}

interface FieldCardProps {
  index: number;
  count: number;
  /** Keys the prompt does not use yet. */
  unusedKeys: ReadonlySet<string>;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onInsert: (key: string) => void;
}

/** One field of the builder: its inputs under `fields.<index>` of the form around it. */
export function FieldCard({ index, count, unusedKeys, onMove, onRemove, onInsert }: FieldCardProps) {
  const notesId = useId();
  const { control } = useFormContext<FieldsValues>();
  // A card may render once more while its row is being removed; it then shows a blank field.
  const watched: FieldDraft | undefined = useWatch({ control, name: `fields.${index}` });
  const f = watched ?? newField([]);
  const { errors } = useFormState({ control, name: `fields.${index}` });
  const invalid = errors.fields?.[index] !== undefined;
  const unused = f.key !== '' && unusedKeys.has(f.key);
  const name = f.label.trim() || f.key || `field ${index + 1}`;

  return (
    <fieldset
      className={cn('min-w-0 rounded-xl bg-white p-4 ring-1 ring-inset', invalid ? 'ring-rose-200' : unused ? 'ring-amber-200' : 'ring-slate-200')}
      aria-describedby={unused ? notesId : undefined}
    >
      <legend className="sr-only">Field {index + 1}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600 tabular-nums">
            Field {index + 1}
          </span>
          <span className="min-w-0 truncate text-sm font-medium text-slate-900" title={f.label}>
            {f.label.trim() || <span className="text-slate-400">Untitled</span>}
          </span>
          {!f.required && <span className="shrink-0 text-xs text-slate-500">optional</span>}
        </div>
        <div className="flex items-center gap-0.5">
          <IconButton label={`Insert {${f.key}} into the prompt`} onClick={() => onInsert(f.key)} disabled={!KEY_PATTERN.test(f.key)}>
            <BracesIcon className="size-4" />
          </IconButton>
          <IconButton label={`Move ${name} up`} onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowUpIcon className="size-4" />
          </IconButton>
          <IconButton label={`Move ${name} down`} onClick={() => onMove(1)} disabled={index === count - 1}>
            <ArrowDownIcon className="size-4" />
          </IconButton>
          <IconButton label={`Remove ${name}`} onClick={onRemove} tone="danger">
            <TrashIcon className="size-4" />
          </IconButton>
        </div>
      </div>

      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FieldBlock
          control={control}
          name={`fields.${index}.key`}
          label="Key"
          description={
            <>
              Fills <code className="font-mono text-slate-700">{`{${f.key || 'key'}}`}</code>; letters, digits and _.
            </>
          }
        >
          {(field) => (
            <Input
              {...field}
              onChange={(e) => field.onChange(e.target.value.replace(/\s/g, ''))}
              maxLength={64}
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
            />
          )}
        </FieldBlock>
        <FieldBlock control={control} name={`fields.${index}.label`} label="Label">
          {(field) => <Input {...field} maxLength={100} placeholder="e.g. 封面标题" />}
        </FieldBlock>
        <FieldBlock control={control} name={`fields.${index}.type`} label="Input type">
          {(field) => (
            <Select {...field} onChange={(e) => field.onChange(e.target.value === 'textarea' ? 'textarea' : 'text')}>
              <option value="text">Single line</option>
              <option value="textarea">Multi-line</option>
            </Select>
          )}
        </FieldBlock>
        <FormField
          control={control}
          name={`fields.${index}.required`}
          render={({ field }) => (
            <div className="flex items-end">
              <div className="flex h-10 w-full items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 ring-1 ring-inset ring-slate-200/70">
                <span className="text-sm font-medium text-slate-700">Required</span>
                <Switch checked={field.value} onChange={field.onChange} label="Required" />
              </div>
            </div>
          )}
        />
        <FieldBlock control={control} name={`fields.${index}.placeholder`} label="Placeholder">
          {(field) => <Input {...field} maxLength={500} placeholder="An example answer" />}
        </FieldBlock>
        <FieldBlock control={control} name={`fields.${index}.help`} label="Help">
          {(field) => <Input {...field} maxLength={500} placeholder="Shown under the input" />}
        </FieldBlock>
        {!f.required && (
          <FieldBlock
            control={control}
            name={`fields.${index}.default`}
            label="Default"
            description="Used when the caller leaves the field blank; empty writes nothing."
            className="sm:col-span-2"
          >
            {(field) => <Input {...field} maxLength={2000} />}
          </FieldBlock>
        )}
      </div>

      {unused && (
        <p id={notesId} className="mt-3 flex items-start gap-1.5 text-xs leading-5 text-amber-800">
          <WarningIcon className="mt-[3px] size-3.5 shrink-0" />
          <span>
            Not used in the prompt yet: the server refuses a field without its <code className="font-mono">{`{${f.key}}`}</code> slot.{' '}
            <button
              type="button"
              onClick={() => onInsert(f.key)}
              className="rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              Insert {`{${f.key}}`}
            </button>
          </span>
        </p>
      )}
    </fieldset>
  );
}

