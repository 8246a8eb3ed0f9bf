'use client';

import { useActionState } from 'react';
import { Button, ErrorAlert, Input, Label } from '@/components/ui';
import { signInWithPassword, type LoginState } from './actions';

export function LoginForm({ initialError }: { initialError: string | null }) {
  const [state, action, pending] = useActionState<LoginState, FormData>(signInWithPassword, {
    error: initialError,
    email: '',
  });
  const errorId = state.error ? 'login-error' : undefined;

  return (
    <form action={action} className="space-y-5">
      {state.error && <ErrorAlert id="login-error">{state.error}</ErrorAlert>}
      <div className="space-y-1.5">
        <Label htmlFor="email">Email</Label>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          placeholder="you@company.com"
          required
          autoFocus
          defaultValue={state.email}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <div className="space-y-1.5">
        <Label htmlFor="password">Password</Label>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={state.error ? true : undefined}
          aria-describedby={errorId}
        />
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
