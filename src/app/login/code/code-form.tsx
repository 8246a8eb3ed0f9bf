'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { z } from 'zod';
import { SignInForm, type SignInInput } from '@/components/sign-in/sign-in-form';
import { signInWithCode, type CodeState } from './actions';

/** The code of an authenticator app, or one of the recovery codes. */
export function CodeForm({ next }: { next: string }) {
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
  const action = useMemo(() => signInWithCode.bind(null, next), [next]);
  return (
    <SignInForm
      schema={schema}
      action={action}
      initialState={{ error: null } satisfies CodeState}
      defaults={() => ({ code: '' })}
      inputs={inputs}
      errorId="code-error"
    />
  );
}
