'use client';

import { useTranslations } from 'next-intl';
import { useFormContext } from 'react-hook-form';
import { WarningIcon } from '@/components/icons';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { VideoValues } from './video-form';

interface DurationFieldProps {
  bounds: { min: number; max: number };
  /** Said when the duration is outside what the tier makes; the server decides. */
  warning: string | null;
}

/** Whole seconds, bounded by the chosen tier: a slider and the number beside it. */
export function DurationField({ bounds, warning }: DurationFieldProps) {
  const t = useTranslations('videos.duration');
  const { control } = useFormContext<VideoValues>();
  return (
    <FormField
      control={control}
      name="duration"
      render={({ field, fieldState }) => {
        const n = Number(field.value);
        const sliderValue =
          Number.isFinite(n) && field.value !== '' ? Math.min(bounds.max, Math.max(bounds.min, n)) : bounds.min;
        return (
          <FormItem>
            <FormLabel>{t('label')}</FormLabel>
            <div className="flex items-center gap-3">
              <input
                type="range"
                min={bounds.min}
                max={bounds.max}
                step={1}
                value={sliderValue}
                onChange={(e) => field.onChange(e.target.value)}
                aria-label={t('slider')}
                tabIndex={-1}
                className="h-2 min-w-0 flex-1 cursor-pointer accent-indigo-600"
              />
              <div className="flex shrink-0 items-center gap-1.5">
                <FormControl described={!fieldState.error}>
                  <Input
                    {...field}
                    type="number"
                    inputMode="numeric"
                    min={bounds.min}
                    max={bounds.max}
                    step={1}
                    className="w-20 text-right tabular-nums"
                  />
                </FormControl>
                <span className="text-sm text-slate-500">{t('unit')}</span>
              </div>
            </div>
            {fieldState.error ? (
              <FormMessage />
            ) : (
              <FormDescription>
                {warning ? (
                  <span className="inline-flex items-start gap-1.5 text-amber-700" data-testid="duration-warning">
                    <WarningIcon className="mt-px size-3.5 shrink-0" />
                    {warning}
                  </span>
                ) : (
                  t('range', bounds)
                )}
              </FormDescription>
            )}
          </FormItem>
        );
      }}
    />
  );
}
