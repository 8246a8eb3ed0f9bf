'use client';

import { useFormContext } from 'react-hook-form';
import { cn } from '../ui/cn';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '../ui/form';
import { Textarea } from '../ui/textarea';
import { submitOnModEnter } from '../fields/fields-form';
import type { PlaygroundValues } from './playground-form';

const MAX_PROMPT = 8000;
const numbers = new Intl.NumberFormat('en-US');
const formatNumber = (n: number) => numbers.format(n);

/** The written prompt, with its length against the cap; Ctrl/⌘+Enter submits. */
export function PromptField({ submit }: { submit: () => void }) {
  const { control } = useFormContext<PlaygroundValues>();
  return (
    <FormField
      control={control}
      name="prompt"
      render={({ field, fieldState }) => (
        <FormItem>
          <div className="flex items-baseline justify-between gap-2">
            <FormLabel>Prompt</FormLabel>
            <span className={cn('text-xs tabular-nums', field.value.length > MAX_PROMPT ? 'text-rose-600' : 'text-slate-400')}>
              {formatNumber(field.value.length)} / {formatNumber(MAX_PROMPT)}
            </span>
          </div>
          <FormControl described={!fieldState.error}>
            <Textarea
              {...field}
              rows={5}
              maxLength={MAX_PROMPT}
              onKeyDown={submitOnModEnter(submit)}
              placeholder="A paper-cut style city skyline at dusk, soft warm light…"
              className="min-h-32 resize-y"
            />
          </FormControl>
          {/* The hint gives way to the problem, in the same place. */}
          {fieldState.error ? <FormMessage /> : <FormDescription>Any language works. Press Ctrl+Enter to generate.</FormDescription>}
        </FormItem>
      )}
    />
  );
}
