import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { Card } from '@/components/ui';
import { Wordmark } from '@/components/wordmark';
import { consoleSession } from '@/trpc/server';
import { INCORRECT_CREDENTIALS, SIGN_IN_UNAVAILABLE } from './messages';
import { LoginForm } from './login-form';

export const metadata: Metadata = { title: 'Sign in' };

interface LoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function LoginPage({ searchParams }: LoginPageProps) {
  if (await consoleSession()) redirect('/overview');
  // next-auth sends failed sign-ins made outside this form back here with ?error=.
  const { error } = await searchParams;
  const initialError = !error ? null : error === 'CredentialsSignin' ? INCORRECT_CREDENTIALS : SIGN_IN_UNAVAILABLE;

  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-indigo-100),transparent)]"
      />
      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center">
          <Wordmark size="lg" />
          <h1 className="mt-8 text-xl font-semibold tracking-tight text-slate-900">Sign in to your workspace</h1>
          <p className="mt-2 text-sm text-balance text-slate-500">Manage credits, members and generation jobs for your team.</p>
        </div>
        <Card className="mt-8 p-6 sm:p-8">
          <LoginForm initialError={initialError} />
        </Card>
        <p className="mt-6 text-center text-xs leading-5 text-balance text-slate-500">
          Operators sign in with the <span className="whitespace-nowrap">super-administrator</span> key on the Operator page.
        </p>
      </div>
    </main>
  );
}
