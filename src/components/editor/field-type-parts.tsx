'use client';

import { useTranslations } from 'next-intl';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { MAX_OPTIONS } from '@/contracts/slots';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FieldBlock, FormField } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import type { FieldDraft } from './fields-form';
import { IconButton } from './form-parts';

interface FieldsValues {
  fields: FieldDraft[];
}

/** The entries of a choice field: each a value (what fills the slot) and an optional label the form shows. */
export function OptionsEditor({ index }: { index: number }) {
  const t = useTranslations('templates.fieldCard');
  const { control } = useFormContext<FieldsValues>();
  const { fields: rows, append, remove } = useFieldArray({ control, name: `fields.${index}.options` });
  const { errors } = useFormState({ control, name: `fields.${index}.options` });
  const optionsError = errors.fields?.[index]?.options;
  // A problem of the list as a whole (none given, too many), not of one entry.
  const listError = optionsError?.message ?? optionsError?.root?.message;
  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="text-sm font-medium text-slate-700">{t('options')}</legend>
      <p className="text-xs leading-5 text-slate-500">{t('optionsDescription')}</p>
      <ol className="space-y-2">
        {rows.map((row, i) => (
          <li key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
            <FieldBlock
              control={control}
              name={`fields.${index}.options.${i}.value`}
              label={t('optionValue', { n: i + 1 })}
            >
              {(field) => <Input {...field} maxLength={200} autoComplete="off" />}
            </FieldBlock>
            <FieldBlock
              control={control}
              name={`fields.${index}.options.${i}.label`}
              label={t('optionLabel', { n: i + 1 })}
            >
              {(field) => <Input {...field} maxLength={100} placeholder={t('optionLabelPlaceholder')} />}
            </FieldBlock>
            <div className="pt-7">
              <IconButton label={t('removeOption', { n: i + 1 })} onClick={() => remove(i)} tone="danger">
                <TrashIcon className="size-4" />
              </IconButton>
            </div>
          </li>
        ))}
      </ol>
      {listError && (
        <p className="text-xs text-rose-600" role="alert">
          {listError}
        </p>
      )}
      <Button
        variant="secondary"
        onClick={() => append({ value: '', label: '' })}
        disabled={rows.length >= MAX_OPTIONS}
        className="border-dashed"
      >
        <PlusIcon className="size-4" />
        {t('addOption')}
      </Button>
    </fieldset>
  );
}

/** The bounds of a number field and whether it takes whole numbers only. */
export function NumberBounds({ index }: { index: number }) {
  const t = useTranslations('templates.fieldCard');
  const { control } = useFormContext<FieldsValues>();
  return (
    <>
      <FieldBlock control={control} name={`fields.${index}.min`} label={t('min')}>
        {(field) => <Input {...field} inputMode="decimal" placeholder={t('noBound')} autoComplete="off" />}
      </FieldBlock>
      <FieldBlock control={control} name={`fields.${index}.max`} label={t('max')}>
        {(field) => <Input {...field} inputMode="decimal" placeholder={t('noBound')} autoComplete="off" />}
      </FieldBlock>
      <FormField
        control={control}
        name={`fields.${index}.integer`}
        render={({ field }) => (
          <div className="flex h-10 items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 ring-1 ring-inset ring-slate-200/70 sm:col-span-2">
            <span className="text-sm font-medium text-slate-700">{t('integer')}</span>
            <Switch checked={field.value} onChange={field.onChange} label={t('integer')} />
          </div>
        )}
      />
    </>
  );
}

/** What an image field does, in place of a placeholder and default. */
export function ImageSlotNote({ index }: { index: number }) {
  const t = useTranslations('templates.fieldCard');
  const { control } = useFormContext<FieldsValues>();
  const key: string = useWatch({ control, name: `fields.${index}.key` }) ?? '';
  return (
    <p className="text-xs leading-5 text-slate-600 sm:col-span-2">
      {t.rich('imageNote', {
        slot: `{${key || 'key'}}`,
        code: (chunks) => <code className="font-mono text-slate-700">{chunks}</code>,
      })}
    </p>
  );
}
