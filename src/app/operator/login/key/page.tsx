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
import { OperatorKeyForm } from './key-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.login');
  return { title: t('metaTitle') };
}

/** The super-administrator key's sign-in (break-glass): only while it is open (docs/security.md). */
export default async function OperatorKeyLoginPage({ searchParams }: SignInRouteProps) {
  if (await operatorSession()) redirect('/operator');
  if (!(await keySignInOpen())) redirect('/operator/login');
  const [t, operator, errors] = await Promise.all([
    getTranslations('operator.login'),
    getTranslations('operator'),
    getTranslations('operator.login.errors'),
  ]);
  const initialError = await arrivalError(searchParams, {
    wrong: errors('wrong'),
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
      lead={t('lead')}
      footer={t.rich('footer', {
        link: (chunks) => (
          <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
            {chunks}
          </Link>
        ),
      })}
    >
      <OperatorKeyForm initialError={initialError} />
    </SignInPage>
  );
}
