'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { FieldHeading } from './form-parts';

export interface AmountFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: FieldPathByValue<T, string>;
  label: string;
  /** The most there is to give, once known: an amount above it is flagged, and still sent (the server judges). */
  max: number | undefined;
  /** The amount the field holds, when it reads as one by the form's rule. */
  read: (text: string) => number | undefined;
  /** Beside the label: the maximum, given as written. */
  limit: (max: string) => string;
  /** Beside the label while the maximum loads (by default "Loading the maximum…"). */
  loadingLimit?: string;
  limitTestId: string;
  /** What the server will likely refuse (more than the maximum): said in amber while the field has no error of its own. */
  warning: (max: string) => string;
  help?: ReactNode;
  /** Help only while there is nothing else to say under the field. */
  quietHelp?: boolean;
  /** Text elsewhere that also describes the field. */
  describedBy?: string;
  placeholder?: string;
  autoFocus?: boolean;
}

/** A whole number of credits typed into a text field, with its limit, its problem or warning, and help. */
export function AmountField<T extends FieldValues, O>(props: AmountFieldProps<T, O>) {
  const t = useTranslations('consoleForms');
  const format = useFormatter();
  const formatNumber = (n: number) => format.number(n, 'credits');
  const {
    control,
    name,
    label,
    max,
    read,
    limit,
    loadingLimit = t('loadingMaximum'),
    limitTestId,
    warning,
    help,
    quietHelp = false,
    describedBy,
  } = props;
  const limitId = useId();
  const warningId = useId();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const amount = read(field.value);
        const warn =
          !fieldState.error && max !== undefined && amount !== undefined && amount > max
            ? warning(formatNumber(max))
            : null;
        const showHelp = help !== undefined && !(quietHelp && (fieldState.error || warn));
        return (
          <FormItem>
            <FieldHeading>
              <FormLabel>{label}</FormLabel>
              <span id={limitId} className="text-xs text-slate-500 tabular-nums" data-testid={limitTestId}>
                {max === undefined ? loadingLimit : limit(formatNumber(max))}
              </span>
            </FieldHeading>
            <FormControl described={showHelp}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                autoFocus={props.autoFocus}
                placeholder={props.placeholder}
                className="tabular-nums"
                aria-describedby={[limitId, warn ? warningId : '', describedBy ?? ''].filter(Boolean).join(' ')}
                {...field}
              />
            </FormControl>
            <div className="space-y-1">
              <FormMessage />
              {warn && (
                <p id={warningId} className="text-xs text-amber-700">
                  {warn}
                </p>
              )}
              {showHelp && <FormDescription className="leading-5">{help}</FormDescription>}
            </div>
          </FormItem>
        );
      }}
    />
  );
}
