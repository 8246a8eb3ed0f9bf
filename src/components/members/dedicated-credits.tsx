'use client';

import { useTranslations } from 'next-intl';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { AmountField, type AmountFieldProps } from '@/components/console/amount-field';
import { creditsOf } from './member-forms';

/** The credits a dedicated member will have, in either member form (its `credits` field, read by the members' rule). */
export function DedicatedCredits<T extends FieldValues & { credits: string }, O>(
  props: Omit<AmountFieldProps<T, O>, 'name' | 'label' | 'read'>,
) {
  const t = useTranslations('members');
  return (
    <AmountField
      {...props}
      name={'credits' as FieldPathByValue<T, string>}
      label={t('dedicatedCredits')}
      read={creditsOf}
    />
  );
}
