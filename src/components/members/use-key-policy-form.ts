'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { trpc } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { formFieldOf, keyFormSchema, keyFormValues } from '@/components/keys/key-form';
import type { Member } from './model';

/**
 * A member's default key policy form: the Keys page's policy fields, filled with the member's default,
 * sent whole to `keys.memberPolicy`; an empty form, or Clear, removes the default.
 */
export function useKeyPolicyForm(member: Member, onSaved: (notice: string) => Promise<void>) {
  const setPolicy = trpc.keys.memberPolicy.useMutation();
  const applyServerError = useApplyServerError();
  const words = useTranslations('keys.form');
  const t = useTranslations('members.keyPolicy');
  const schema = useMemo(
    () =>
      keyFormSchema(
        {
          labelMissing: words('labelMissing'),
          rpmInvalid: words('rpmInvalid'),
          expiresInvalid: words('expiresInvalid'),
        },
        false,
      ),
    [words],
  );
  const form = useZodForm(schema, {
    ...checkOnSubmit,
    defaultValues: keyFormValues(null, member.default_key_policy),
  });
  useClearRefusalOnEdit(form);
  const name = member.nickname;

  const send = async (policy: Parameters<typeof setPolicy.mutateAsync>[0]['policy']) => {
    try {
      const answer = await setPolicy.mutateAsync({ account_id: member.account_id, policy });
      await onSaved(answer.policy ? t('saved', { name }) : t('cleared', { name }));
    } catch (error) {
      applyServerError(form, error, formFieldOf);
    }
  };

  return {
    form,
    submit: form.handleSubmit((body) => send(body.policy ?? null)),
    clear: () => send(null),
    pending: setPolicy.isPending,
  };
}
