'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { emptyKeyForm, formFieldOf, keyFormSchema, keyFormValues } from './key-form';

export type Key = RouterOutputs['keys']['list']['keys'][number];

/** A key just made: its label and the key itself, shown this once. */
export interface CreatedKey {
  label: string;
  apiKey: string;
}

/**
 * The key form: its fields, sending them, and the key it made (shown once). With `editing`, the form
 * holds that key's label and policy and sends a change of them (the policy replaced whole).
 */
export function useCreateKeyForm({
  onChanged,
  editing = null,
  onEdited,
}: {
  onChanged: () => Promise<void>;
  editing?: Key | null;
  onEdited?: () => void;
}) {
  const create = trpc.keys.create.useMutation();
  const update = trpc.keys.update.useMutation();
  const applyServerError = useApplyServerError();
  const t = useTranslations('keys.form');
  const labelled = !editing?.primary;
  const schema = useMemo(
    () =>
      keyFormSchema(
        { labelMissing: t('labelMissing'), rpmInvalid: t('rpmInvalid'), expiresInvalid: t('expiresInvalid') },
        labelled,
      ),
    [t, labelled],
  );
  const form = useZodForm(schema, { ...checkOnSubmit, defaultValues: emptyKeyForm });
  const [created, setCreated] = useState<CreatedKey | null>(null);
  useClearRefusalOnEdit(form);
  useEffect(() => {
    form.reset(editing ? keyFormValues(editing.label, editing.policy) : emptyKeyForm);
  }, [editing, form]);

  const submit = form.handleSubmit(async (body) => {
    try {
      if (editing) {
        await update.mutateAsync({
          id: editing.id,
          ...(editing.primary ? {} : { label: body.label }),
          policy: body.policy ?? null,
        });
        onEdited?.();
      } else {
        const answer = await create.mutateAsync(body);
        setCreated({ label: body.label, apiKey: answer.api_key });
        form.reset(emptyKeyForm);
      }
      await onChanged();
    } catch (error) {
      applyServerError(form, error, formFieldOf);
    }
  });

  return {
    form,
    submit,
    pending: create.isPending || update.isPending,
    created,
    dismiss: () => setCreated(null),
  };
}
