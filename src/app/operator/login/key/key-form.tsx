'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInAsOperator } from '../actions';
import { operatorKeySchema, type OperatorKeyFields } from '../key-schema';

export function OperatorKeyForm({ initialError }: { initialError: string | null }) {
  const t = useTranslations('operator.login');
  const errors = useTranslations('operator.login.errors');
  const schema = useMemo(() => operatorKeySchema(errors), [errors]);
  const inputs = useMemo<SignInInput<OperatorKeyFields>[]>(
    () => [
      {
        name: 'key',
        label: t('key'),
        description: t.rich('keyHelp', { code: (chunks) => <code className="inline-code">{chunks}</code> }),
        input: {
          type: 'password',
          autoComplete: 'current-password',
          placeholder: t('keyPlaceholder'),
          spellCheck: false,
          autoFocus: true,
          className: 'font-mono',
        },
      },
    ],
    [t],
  );
  return (
    <SignInForm
      schema={schema}
      action={signInAsOperator}
      initialState={{ error: initialError }}
      defaults={() => ({ key: '' })}
      inputs={inputs}
      errorId="operator-login-error"
    />
  );
}
