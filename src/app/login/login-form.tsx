'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInWithPassword, type LoginState } from './actions';
import { loginSchema, type LoginFields } from './login-schema';

export function LoginForm({ initialError }: { initialError: string | null }) {
  const t = useTranslations('login');
  const errors = useTranslations('login.errors');
  const schema = useMemo(() => loginSchema(errors), [errors]);
  const inputs = useMemo<SignInInput<LoginFields>[]>(
    () => [
      { name: 'email', label: t('email'), input: { type: 'email', autoComplete: 'username', placeholder: t('emailPlaceholder'), autoFocus: true } },
      { name: 'password', label: t('password'), input: { type: 'password', autoComplete: 'current-password' } },
    ],
    [t],
  );
  return (
    <SignInForm
      schema={schema}
      action={signInWithPassword}
      initialState={{ error: initialError, email: '' }}
      // A failed attempt keeps the typed address.
      defaults={(state: LoginState) => ({ email: state.email, password: '' })}
      inputs={inputs}
      errorId="login-error"
    />
  );
}
