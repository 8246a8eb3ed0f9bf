import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { ShieldIcon } from '@/components/icons';
import { arrivalError, SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { operatorSession } from '@/trpc/server';
import { tooManyAttempts } from '@/app/login/messages';
import { OPERATOR_SIGN_IN_UNAVAILABLE, WRONG_KEY } from './messages';
import { OperatorLoginForm } from './login-form';

export const metadata: Metadata = { title: 'Operator sign-in' };

const OPERATOR_BADGE = (
  <span className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-medium text-white">
    <ShieldIcon className="size-3.5" />
    Operator
  </span>
);

const TENANT_SIGN_IN = (
  <>
    Tenant administrators sign in on the{' '}
    <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
      workspace sign-in
    </Link>
    .
  </>
);

export default async function OperatorLoginPage({ searchParams }: SignInRouteProps) {
  if (await operatorSession()) redirect('/operator');
  const initialError = await arrivalError(searchParams, { wrong: WRONG_KEY, throttled: await tooManyAttempts(), unavailable: OPERATOR_SIGN_IN_UNAVAILABLE });
  return (
    <SignInPage glow="slate" badge={OPERATOR_BADGE} title="Sign in to the operator area" lead="Watch upstream health and decide which channels Studio routes to." footer={TENANT_SIGN_IN}>
      <OperatorLoginForm initialError={initialError} />
    </SignInPage>
  );
}
