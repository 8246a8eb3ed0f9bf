'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInWithPassword, type LoginState } from './actions';
import { loginSchema, type LoginFields } from './login-schema';

interface LoginFormProps {
  initialError: string | null;
  /** Filled in on arrival (a claim page's link carries the buyer's email). */
  initialEmail: string;
  /** Where to go once signed in. */
  next: string;
}

export function LoginForm({ initialError, initialEmail, next }: LoginFormProps) {
  const t = useTranslations('login');
  const errors = useTranslations('login.errors');
  const schema = useMemo(() => loginSchema(errors), [errors]);
  const inputs = useMemo<SignInInput<LoginFields>[]>(
    () => [
      {
        name: 'email',
        label: t('email'),
        input: {
          type: 'email',
          autoComplete: 'username',
          placeholder: t('emailPlaceholder'),
          autoFocus: !initialEmail,
        },
      },
      {
        name: 'password',
        label: t('password'),
        input: { type: 'password', autoComplete: 'current-password', autoFocus: !!initialEmail },
      },
    ],
    [t, initialEmail],
  );
  const action = useMemo(() => signInWithPassword.bind(null, next), [next]);
  return (
    <SignInForm
      schema={schema}
      action={action}
      initialState={{ error: initialError, email: initialEmail }}
      // A failed attempt keeps the typed address.
      defaults={(state: LoginState) => ({ email: state.email, password: '' })}
      inputs={inputs}
      errorId="login-error"
    />
  );
}
