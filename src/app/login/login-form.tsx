'use client';

import type { z } from 'zod';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInWithPassword, type LoginState } from './actions';
import { loginSchema } from './login-schema';

const INPUTS: SignInInput<z.input<typeof loginSchema>>[] = [
  { name: 'email', label: 'Email', input: { type: 'email', autoComplete: 'username', placeholder: 'you@company.com', autoFocus: true } },
  { name: 'password', label: 'Password', input: { type: 'password', autoComplete: 'current-password' } },
];

export function LoginForm({ initialError }: { initialError: string | null }) {
  return (
    <SignInForm
      schema={loginSchema}
      action={signInWithPassword}
      initialState={{ error: initialError, email: '' }}
      // A failed attempt keeps the typed address.
      defaults={(state: LoginState) => ({ email: state.email, password: '' })}
      inputs={INPUTS}
      errorId="login-error"
    />
  );
}
