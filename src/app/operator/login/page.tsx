import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ShieldIcon } from '@/components/icons';
import { LanguageSwitch } from '@/components/language-switch';
import { arrivalError, SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { operatorSession } from '@/trpc/server';
import { tooManyAttempts } from '@/app/login/messages';
import { keySignInOpen } from '@/server/edge/next-auth';
import { OperatorAccountForm } from './account-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.login');
  return { title: t('metaTitle') };
}

export default async function OperatorLoginPage({ searchParams }: SignInRouteProps) {
  if (await operatorSession()) redirect('/operator');
  const [t, operator, errors, login, keyOpen] = await Promise.all([
    getTranslations('operator.login'),
    getTranslations('operator'),
    getTranslations('operator.login.errors'),
    getTranslations('login'),
    keySignInOpen(),
  ]);
  const expired = (await searchParams).expired === '1';
  const initialError = expired
    ? login('code.expired')
    : await arrivalError(searchParams, {
        wrong: login('errors.incorrect'),
        throttled: await tooManyAttempts(),
        unavailable: errors('unavailable'),
      });
  const badge = (
    <span className="mt-4 inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-2.5 py-1 text-xs font-medium text-white">
      <ShieldIcon className="size-3.5" />
      {operator('badge')}
    </span>
  );
  return (
    <SignInPage
      glow="slate"
      badge={badge}
      corner={<LanguageSwitch />}
      title={t('title')}
      lead={t('accountLead')}
      footer={t.rich('footer', {
        link: (chunks) => (
          <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            {chunks}
          </Link>
        ),
      })}
    >
      <OperatorAccountForm initialError={initialError} />
      {keyOpen && (
        <p className="mt-4 text-center text-sm">
          <Link href="/operator/login/key" className="font-medium text-indigo-600 hover:text-indigo-500">
            {t('useKey')}
          </Link>
        </p>
      )}
    </SignInPage>
  );
}
