'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { cn } from '@/components/ui/cn';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { submitOnModEnter } from '@/components/fields/fields-form';
import type { PlaygroundValues } from './playground-form';
import { ShortcutHint } from '@/components/fields/shortcut-hint';

const MAX_PROMPT = 8000;

/** The written prompt, with its length against the cap; Ctrl/⌘+Enter submits. */
export function PromptField({ submit }: { submit: () => void }) {
  const t = useTranslations('playground.prompt');
  const format = useFormatter();
  const { control } = useFormContext<PlaygroundValues>();
  return (
    <FormField
      control={control}
      name="prompt"
      render={({ field, fieldState }) => (
        <FormItem>
          <div className="flex items-baseline justify-between gap-2">
            <FormLabel>{t('label')}</FormLabel>
            <span
              className={cn(
                'text-xs tabular-nums',
                field.value.length > MAX_PROMPT ? 'text-rose-600' : 'text-slate-500',
              )}
            >
              {t('length', {
                length: format.number(field.value.length, 'credits'),
                max: format.number(MAX_PROMPT, 'credits'),
              })}
            </span>
          </div>
          <FormControl described={!fieldState.error}>
            <Textarea
              {...field}
              rows={5}
              maxLength={MAX_PROMPT}
              onKeyDown={submitOnModEnter(submit)}
              placeholder={t('placeholder')}
              className="min-h-32 resize-y"
            />
          </FormControl>
          {/* The hint gives way to the problem, in the same place. */}
          {fieldState.error ? (
            <FormMessage />
          ) : (
            <FormDescription>
              {t('hint')}
              <ShortcutHint />
            </FormDescription>
          )}
        </FormItem>
      )}
    />
  );
}
