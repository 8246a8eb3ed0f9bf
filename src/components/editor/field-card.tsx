'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { KEY_PATTERN } from '@/contracts/slots';
import { ArrowDownIcon, ArrowUpIcon, BracesIcon, TrashIcon, WarningIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { FieldBlock, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { ImageSlotNote, NumberBounds, OptionsEditor } from './field-type-parts';
import { newField, type FieldDraft } from './fields-form';
import { FIELD_TYPES, type FieldType } from '@/contracts/slots';
import { IconButton } from './form-parts';

const TYPE_NAMES = {
  text: 'singleLine',
  textarea: 'multiLine',
  choice: 'choice',
  number: 'number',
  image: 'image',
} as const satisfies Record<FieldType, string>;

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
  const t = useTranslations('templates.fieldCard');
  const notesId = useId();
  const { control } = useFormContext<FieldsValues>();
  // A card may render once more while its row is being removed; it then shows a blank field.
  const watched: FieldDraft | undefined = useWatch({ control, name: `fields.${index}` });
  const f = watched ?? newField([]);
  const { errors } = useFormState({ control, name: `fields.${index}` });
  const invalid = errors.fields?.[index] !== undefined;
  const unused = f.key !== '' && unusedKeys.has(f.key);
  const name = f.label.trim() || f.key || t('fallbackName', { n: index + 1 });

  return (
    <fieldset
      className={cn(
        'min-w-0 rounded-xl bg-white p-4 ring-1 ring-inset',
        invalid ? 'ring-rose-200' : unused ? 'ring-amber-200' : 'ring-slate-200',
      )}
      aria-describedby={unused ? notesId : undefined}
    >
      <legend className="sr-only">{t('legend', { n: index + 1 })}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            className="shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600 tabular-nums"
          >
            {t('legend', { n: index + 1 })}
          </span>
          <span className="min-w-0 truncate text-sm font-medium text-slate-900" title={f.label}>
            {f.label.trim() || <span className="text-slate-500">{t('untitled')}</span>}
          </span>
          {!f.required && <span className="shrink-0 text-xs text-slate-500">{t('optionalMark')}</span>}
        </div>
        <div className="flex items-center gap-0.5">
          <IconButton
            label={t('insertInto', { slot: `{${f.key}}` })}
            onClick={() => onInsert(f.key)}
            disabled={!KEY_PATTERN.test(f.key)}
          >
            <BracesIcon className="size-4" />
          </IconButton>
          <IconButton label={t('moveUp', { name })} onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowUpIcon className="size-4" />
          </IconButton>
          <IconButton label={t('moveDown', { name })} onClick={() => onMove(1)} disabled={index === count - 1}>
            <ArrowDownIcon className="size-4" />
          </IconButton>
          <IconButton label={t('remove', { name })} onClick={onRemove} tone="danger">
            <TrashIcon className="size-4" />
          </IconButton>
        </div>
      </div>

      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <FieldBlock
          control={control}
          name={`fields.${index}.key`}
          label={t('key')}
          description={t.rich('keyDescription', {
            slot: `{${f.key || 'key'}}`,
            code: (chunks) => <code className="font-mono text-slate-700">{chunks}</code>,
          })}
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
        <FieldBlock control={control} name={`fields.${index}.label`} label={t('label')}>
          {(field) => <Input {...field} maxLength={100} placeholder={t('labelPlaceholder')} />}
        </FieldBlock>
        <FieldBlock control={control} name={`fields.${index}.type`} label={t('inputType')}>
          {(field) => (
            <Select
              {...field}
              onChange={(e) => field.onChange(FIELD_TYPES.find((type) => type === e.target.value) ?? 'text')}
            >
              {FIELD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {t(TYPE_NAMES[type])}
                </option>
              ))}
            </Select>
          )}
        </FieldBlock>
        <FormField
          control={control}
          name={`fields.${index}.required`}
          render={({ field }) => (
            <div className="flex items-end">
              <div className="flex h-10 w-full items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 ring-1 ring-inset ring-slate-200/70">
                <span className="text-sm font-medium text-slate-700">{t('required')}</span>
                <Switch checked={field.value} onChange={field.onChange} label={t('required')} />
              </div>
            </div>
          )}
        />
        {f.type === 'choice' && <OptionsEditor index={index} />}
        {f.type === 'number' && <NumberBounds index={index} />}
        {f.type === 'image' && <ImageSlotNote index={index} />}
        {f.type !== 'choice' && f.type !== 'image' && (
          <FieldBlock control={control} name={`fields.${index}.placeholder`} label={t('placeholder')}>
            {(field) => <Input {...field} maxLength={500} placeholder={t('placeholderPlaceholder')} />}
          </FieldBlock>
        )}
        <FieldBlock control={control} name={`fields.${index}.help`} label={t('help')}>
          {(field) => <Input {...field} maxLength={500} placeholder={t('helpPlaceholder')} />}
        </FieldBlock>
        {!f.required && f.type !== 'image' && (
          <FieldBlock
            control={control}
            name={`fields.${index}.default`}
            label={t('default')}
            description={t('defaultDescription')}
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
            {t.rich('unused', { slot: `{${f.key}}`, code: (chunks) => <code className="font-mono">{chunks}</code> })}{' '}
            <button
              type="button"
              onClick={() => onInsert(f.key)}
              className={
                'rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline ' +
                'focus-visible:outline-2 focus-visible:outline-indigo-600'
              }
            >
              {t('insert', { slot: `{${f.key}}` })}
            </button>
          </span>
        </p>
      )}
    </fieldset>
  );
}
