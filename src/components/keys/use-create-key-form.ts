'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
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
 * The key form: its fields, sending them, and handing on the key it made (shown once). With `editing`,
 * the form holds that key's label and policy and sends a change of them (the policy replaced whole).
 * The values are taken when the form mounts: its owner mounts a new form for each key it edits.
 */
export function useCreateKeyForm({
  onChanged,
  onCreated,
  editing = null,
  onEdited,
}: {
  onChanged: () => Promise<void>;
  onCreated: (created: CreatedKey) => void;
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
  const form = useZodForm(schema, {
    ...checkOnSubmit,
    defaultValues: editing ? keyFormValues(editing.label, editing.policy) : emptyKeyForm,
  });
  useClearRefusalOnEdit(form);

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
        onCreated({ label: body.label, apiKey: answer.api_key });
        form.reset(emptyKeyForm);
      }
      await onChanged();
    } catch (error) {
      applyServerError(form, error, formFieldOf);
    }
  });

  return { form, submit, pending: create.isPending || update.isPending };
}
