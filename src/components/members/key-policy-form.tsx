'use client';

import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';
import { Form, FormRootError } from '@/components/ui/form';
import { SubmitButton } from '@/components/console/form-parts';
import { KeyPolicyFields } from '@/components/keys/key-policy-fields';
import type { Member } from './model';
import { useKeyPolicyForm } from './use-key-policy-form';

interface KeyPolicyFormProps {
  member: Member;
  onCancel: () => void;
  /** Called with a sentence saying what changed. */
  onSaved: (notice: string) => Promise<void>;
}

/** Sets, changes or clears the default policy of a member's keys that have none of their own. */
export function KeyPolicyForm({ member, onCancel, onSaved }: KeyPolicyFormProps) {
  const { form, submit, clear, pending } = useKeyPolicyForm(member, onSaved);
  const t = useTranslations('members.keyPolicy');
  const name = member.nickname;

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 space-y-4 border-t border-slate-100 pt-4 sm:ml-13"
        aria-label={t('formLabel', { name })}
      >
        <p className="text-xs leading-5 text-slate-600">{t('description', { name })}</p>
        <KeyPolicyFields control={form.control} />
        <FormRootError data-testid="key-policy-error" />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            {t('cancel')}
          </Button>
          {member.default_key_policy && (
            <Button variant="secondary" onClick={() => void clear()} disabled={pending}>
              {t('clear')}
            </Button>
          )}
          <SubmitButton pending={pending}>{t('save')}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
