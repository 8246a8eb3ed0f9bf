'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInOperatorCode } from '../actions';

/** The operator's code: from the authenticator app, or a recovery code. */
export function OperatorCodeForm() {
  const t = useTranslations('login.code');
  const schema = useMemo(() => z.object({ code: z.string().trim().min(1, t('required')) }), [t]);
  const inputs = useMemo<SignInInput<{ code: string }>[]>(
    () => [
      {
        name: 'code',
        label: t('code'),
        description: t('codeHint'),
        input: { type: 'text', autoComplete: 'one-time-code', autoFocus: true, spellCheck: false },
      },
    ],
    [t],
  );
  return (
    <SignInForm
      schema={schema}
      action={signInOperatorCode}
      initialState={{ error: null }}
      defaults={() => ({ code: '' })}
      inputs={inputs}
      errorId="operator-code-error"
    />
  );
}
