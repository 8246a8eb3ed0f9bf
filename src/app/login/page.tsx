import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { arrivalError, SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { consoleSession } from '@/trpc/server';
import { tooManyAttempts } from './messages';
import { LoginForm } from './login-form';
import { nextPath } from './next-path';
import { PasskeyButton, PasskeyDivider } from './passkey-button';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('metaTitle') };
}

export default async function LoginPage({ searchParams }: SignInRouteProps) {
  const params = await searchParams;
  const next = nextPath(params.next);
  if (await consoleSession()) redirect(next);
  const [t, errors, sso] = await Promise.all([
    getTranslations('login'),
    getTranslations('login.errors'),
    getTranslations('sso'),
  ]);
  const initialError = await arrivalError(searchParams, {
    wrong: errors('incorrect'),
    throttled: await tooManyAttempts(),
    unavailable: errors('unavailable'),
  });
  const email = typeof params.email === 'string' ? params.email.slice(0, 200) : '';
  // Back from the code step whose time ran out: the password again.
  const error = initialError ?? (params.expired ? t('code.expired') : null);

  return (
    <SignInPage
      glow="indigo"
      corner={<LanguageSwitch />}
      title={t('title')}
      lead={t('lead')}
      footer={t.rich('footer', { nowrap: (chunks) => <span className="whitespace-nowrap">{chunks}</span> })}
    >
      {params.reset === 'done' && (
        <p
          role="status"
          className="mb-5 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {t('resetDone')}
        </p>
      )}
      <LoginForm initialError={error} initialEmail={email} next={next} />
      <PasskeyDivider />
      <PasskeyButton next={next} step={false} />
      <p className="mt-4 text-center text-sm">
        <Link href="/login/forgot" className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('forgot')}
        </Link>
      </p>
      <p className="mt-2 text-center text-sm">
        <Link
          href={`/login/sso?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-600 hover:text-indigo-500"
        >
          {sso('link')}
        </Link>
      </p>
    </SignInPage>
  );
}
