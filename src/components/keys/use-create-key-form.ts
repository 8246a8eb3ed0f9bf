'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { emptyKeyForm, formFieldOf, keyFormSchema } from './key-form';

/** A key just made: its label and the key itself, shown this once. */
export interface CreatedKey {
  label: string;
  apiKey: string;
}

/** The create-key form: its fields, sending them, and the key it made (shown once). */
export function useCreateKeyForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const create = trpc.keys.create.useMutation();
  const applyServerError = useApplyServerError();
  const t = useTranslations('keys.form');
  const schema = useMemo(
    () =>
      keyFormSchema({
        labelMissing: t('labelMissing'),
        rpmInvalid: t('rpmInvalid'),
        expiresInvalid: t('expiresInvalid'),
      }),
    [t],
  );
  const form = useZodForm(schema, { ...checkOnSubmit, defaultValues: emptyKeyForm });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  useClearRefusalOnEdit(form);

  const submit = form.handleSubmit(async (body) => {
    try {
      const answer = await create.mutateAsync(body);
      setCreated({ label: body.label, apiKey: answer.api_key });
      form.reset(emptyKeyForm);
      await onChanged();
    } catch (error) {
      applyServerError(form, error, formFieldOf);
    }
  });

  return { form, submit, pending: create.isPending, created, dismiss: () => setCreated(null) };
}
