'use client';

import type { z } from 'zod';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInAsOperator } from './actions';
import { operatorKeySchema } from './key-schema';

const INPUTS: SignInInput<z.input<typeof operatorKeySchema>>[] = [
  {
    name: 'key',
    label: 'Super-administrator key',
    description: (
      <>
        Printed once when Studio first started, or set as <code className="inline-code">STUDIO_ADMIN_KEY</code>.
      </>
    ),
    input: { type: 'password', autoComplete: 'current-password', placeholder: 'sk-studio-…', spellCheck: false, autoFocus: true, className: 'font-mono' },
  },
];

export function OperatorLoginForm({ initialError }: { initialError: string | null }) {
  return (
    <SignInForm schema={operatorKeySchema} action={signInAsOperator} initialState={{ error: initialError }} defaults={() => ({ key: '' })} inputs={INPUTS} errorId="operator-login-error" />
  );
}
