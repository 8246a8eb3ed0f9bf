import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { arrivalError, SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { consoleSession } from '@/trpc/server';
import { INCORRECT_CREDENTIALS, SIGN_IN_UNAVAILABLE, tooManyAttempts } from './messages';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

export default async function LoginPage({ searchParams }: SignInRouteProps) {
  if (await consoleSession()) redirect('/overview');
  const initialError = await arrivalError(searchParams, { wrong: INCORRECT_CREDENTIALS, throttled: tooManyAttempts(), unavailable: SIGN_IN_UNAVAILABLE });

  return (
    <SignInPage
      glow="indigo"
      title="Sign in to your workspace"
      lead="Manage credits, members and generation jobs for your team."
      footer={
        <>
          Operators sign in with the <span className="whitespace-nowrap">super-administrator</span> key on the Operator page.
        </>
      }
    >
      <LoginForm initialError={initialError} />
    </SignInPage>
  );
}
