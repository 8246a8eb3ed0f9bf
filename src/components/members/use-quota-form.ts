'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { memberForms } from './member-forms';
import type { Member } from './model';

/**
 * A member's quota form: the shared pool or an absolute number of dedicated credits. The server is
 * the judge of the maximum (the pool may have moved since the page loaded), so its refusal is shown.
 */
export function useQuotaForm(member: Member, onSaved: (notice: string) => Promise<void>) {
  const setQuota = trpc.members.setQuota.useMutation();
  const applyServerError = useApplyServerError();
  const t = useTranslations('members.quota');
  const errors = useTranslations('members.forms');
  const format = useFormatter();
  const { quotaSchema } = useMemo(() => memberForms(errors), [errors]);
  const current = member.credits ?? 0;
  const form = useZodForm(quotaSchema, {
    ...checkOnSubmit,
    defaultValues: { mode: member.mode, credits: member.mode === 'dedicated' ? String(current) : '' },
  });
  useClearRefusalOnEdit(form);

  const submit = form.handleSubmit(async (change) => {
    try {
      const { account } = await setQuota.mutateAsync({ account_id: member.account_id, ...change });
      const name = member.nickname;
      await onSaved(
        account.mode === 'shared'
          ? member.mode === 'dedicated' && current > 0
            ? t('savedSharedReturned', { name, credits: current, amount: format.number(current, 'credits') })
            : t('savedShared', { name })
          : t('savedDedicated', {
              name,
              credits: account.credits ?? 0,
              amount: format.number(account.credits ?? 0, 'credits'),
            }),
      );
    } catch (error) {
      applyServerError(form, error);
    }
  });

  /** Switching to dedicated starts from the credits the member has now. */
  const chooseMode = (mode: Member['mode']) => {
    form.setValue('mode', mode);
    form.clearErrors('credits');
    if (mode === 'dedicated' && form.getValues('credits') === '') form.setValue('credits', String(current));
  };

  return { form, submit, chooseMode, pending: setQuota.isPending };
}
