'use client';

import { useActionState } from 'react';
import { Button, ErrorAlert, Input, Label } from '@/components/ui';
import { signInAsOperator, type OperatorLoginState } from './actions';

export function OperatorLoginForm({ initialError }: { initialError: string | null }) {
  const [state, action, pending] = useActionState<OperatorLoginState, FormData>(signInAsOperator, { error: initialError });
  const errorId = state.error ? 'operator-login-error' : undefined;

  return (
    <form action={action} className="space-y-5">
      {state.error && <ErrorAlert id="operator-login-error">{state.error}</ErrorAlert>}
      <div className="space-y-1.5">
        <Label htmlFor="key">Super-administrator key</Label>
        <Input
          id="key"
          name="key"
          type="password"
          autoComplete="current-password"
          placeholder="sk-studio-…"
          spellCheck={false}
          required
          autoFocus
          className="font-mono"
          aria-invalid={state.error ? true : undefined}
          aria-describedby={errorId ?? 'key-hint'}
        />
        <p id="key-hint" className="text-xs text-slate-500">
          Printed once when Studio first started, or set as <code className="inline-code">STUDIO_ADMIN_KEY</code>.
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  );
}
