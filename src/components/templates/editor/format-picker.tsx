'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import type { ControllerRenderProps } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { FormDescription, FormItem, FormMessage, useFormField } from '@/components/ui/form';
import { FORMATS } from '@/components/templates/model';
import type { TemplateFormValues } from './template-form';

/** The copy format of an article template as four radio cards, each with what the copy contains. */
export function FormatPicker({ field }: { field: ControllerRenderProps<TemplateFormValues, 'format'> }) {
  return (
    <FormItem className="space-y-0">
      <FormatChoices field={field} />
    </FormItem>
  );
}

function FormatChoices({ field }: { field: ControllerRenderProps<TemplateFormValues, 'format'> }) {
  const t = useTranslations('templates');
  const id = useId();
  const { error, messageId, descriptionId } = useFormField();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? messageId : descriptionId}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">{t('basics.format')}</legend>
      <div className="grid grid-cols-2 gap-2 xl:grid-cols-4">
        {FORMATS.map((f, i) => (
          <label key={f} className="relative block cursor-pointer">
            <input
              type="radio"
              name={`${id}-format`}
              value={f}
              checked={field.value === f}
              onChange={() => field.onChange(f)}
              onBlur={field.onBlur}
              // The form focuses the first choice when none is picked yet.
              ref={i === 0 ? field.ref : undefined}
              aria-label={t(`formats.${f}.label`)}
              aria-describedby={`${id}-${f}`}
              aria-invalid={error ? true : undefined}
              // Transparent over the card, so the radio itself takes clicks and shows focus through its sibling.
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span
              className={cn(
                'flex h-full flex-col gap-0.5 rounded-xl bg-white px-3 py-2.5 ring-1 ring-inset transition-colors',
                'peer-checked:bg-indigo-50/70 peer-checked:ring-2 peer-checked:ring-indigo-600 ' +
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 ' +
                  'peer-focus-visible:outline-indigo-600',
                error ? 'ring-rose-300' : 'ring-slate-300 hover:ring-slate-400',
              )}
            >
              <span className="text-sm font-medium text-slate-900">{t(`formats.${f}.label`)}</span>
              <span id={`${id}-${f}`} className="text-xs leading-5 text-slate-500">
                {t(`formats.${f}.hint`)}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <FormMessage className="mt-1.5" />
      ) : (
        <FormDescription className="mt-1.5">{t('basics.formatDescription')}</FormDescription>
      )}
    </fieldset>
  );
}
