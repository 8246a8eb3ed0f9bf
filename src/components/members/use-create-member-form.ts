'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { memberForms } from './member-forms';
import type { Mode } from './model';

/** What the notice above the form says about the member just added, with their key shown once. */
export interface CreatedMember {
  nickname: string;
  email: string;
  apiKey: string;
  mode: Mode;
  credits: number | null;
}

interface Options {
  /** Refreshes the list and the pool. */
  onChanged: () => Promise<void>;
  /** Marks the new member in the list. */
  onCreated: (accountId: string) => void;
}

/** The add-member form: its fields, sending them, and the member it created. */
export function useCreateMemberForm({ onChanged, onCreated }: Options) {
  const create = trpc.members.create.useMutation();
  const applyServerError = useApplyServerError();
  const t = useTranslations('members.forms');
  const { createMemberSchema } = useMemo(() => memberForms(t), [t]);
  const form = useZodForm(createMemberSchema, {
    ...checkOnSubmit,
    defaultValues: { email: '', nickname: '', mode: 'shared', credits: '' },
  });
  const [created, setCreated] = useState<CreatedMember | null>(null);
  useClearRefusalOnEdit(form);

  const submit = form.handleSubmit(async (body) => {
    try {
      const { account } = await create.mutateAsync(body);
      setCreated({
        nickname: account.nickname ?? body.nickname,
        email: account.email ?? body.email,
        apiKey: account.api_key ?? '',
        mode: account.mode ?? ('shared' in body ? 'shared' : 'dedicated'),
        credits: account.credits ?? null,
      });
      onCreated(account.account_id);
      // The mode stays as chosen: members are often added in a row of the same kind.
      form.reset({ email: '', nickname: '', mode: form.getValues('mode'), credits: '' });
      await onChanged();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  /** A message under the credits belonged to the other mode. */
  const chooseMode = (mode: Mode) => {
    form.setValue('mode', mode);
    form.clearErrors('credits');
  };

  return { form, submit, chooseMode, pending: create.isPending, created, dismiss: () => setCreated(null) };
}
