'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { loginSchema, type LoginFields } from '@/app/login/login-schema';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInOperatorAccount } from './actions';

/** The operator account sign-in: e-mail and password (the code comes on the next step). */
export function OperatorAccountForm({ initialError }: { initialError: string | null }) {
  const t = useTranslations('login');
  const errors = useTranslations('login.errors');
  const schema = useMemo(() => loginSchema(errors), [errors]);
  const inputs = useMemo<SignInInput<LoginFields>[]>(
    () => [
      { name: 'email', label: t('email'), input: { type: 'email', autoComplete: 'username', autoFocus: true } },
      { name: 'password', label: t('password'), input: { type: 'password', autoComplete: 'current-password' } },
    ],
    [t],
  );
  return (
    <SignInForm
      schema={schema}
      action={signInOperatorAccount}
      initialState={{ error: initialError }}
      defaults={() => ({ email: '', password: '' })}
      inputs={inputs}
      errorId="operator-login-error"
    />
  );
}
