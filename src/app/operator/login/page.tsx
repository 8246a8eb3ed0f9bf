import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ShieldIcon } from '@/components/icons';
import { Card } from '@/components/ui';
import { Wordmark } from '@/components/wordmark';
import { operatorSession } from '@/trpc/server';
import { OPERATOR_SIGN_IN_UNAVAILABLE, WRONG_KEY } from './messages';
import { OperatorLoginForm } from './login-form';

export const metadata: Metadata = { title: 'Operator sign-in' };

interface OperatorLoginPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function OperatorLoginPage({ searchParams }: OperatorLoginPageProps) {
  if (await operatorSession()) redirect('/operator');
  const { error } = await searchParams;
  const initialError = !error ? null : error === 'CredentialsSignin' ? WRONG_KEY : OPERATOR_SIGN_IN_UNAVAILABLE;

  return (
    <main className="relative isolate flex min-h-screen flex-col items-center justify-center overflow-hidden px-4 py-12">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-[28rem] bg-[radial-gradient(60%_100%_at_50%_0%,var(--color-slate-200),transparent)]"
      />
      <div className="w-full max-w-sm">
        <div className="flex flex-col items-center text-center">
          <Wordmark size="lg" />
          <span className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-medium text-white">
            <ShieldIcon className="size-3.5" />
            Operator
          </span>
          <h1 className="mt-6 text-xl font-semibold tracking-tight text-slate-900">Sign in to the operator area</h1>
          <p className="mt-2 text-sm text-balance text-slate-500">Watch upstream health and decide which channels Studio routes to.</p>
        </div>
        <Card className="mt-8 p-6 sm:p-8">
          <OperatorLoginForm initialError={initialError} />
        </Card>
        <p className="mt-6 text-center text-xs leading-5 text-balance text-slate-500">
          Tenant administrators sign in on the{' '}
          <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            workspace sign-in
          </Link>
          .
        </p>
      </div>
    </main>
  );
}
