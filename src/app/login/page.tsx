import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { arrivalError, SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { safeNext } from '@/lib/return-path';
import { consoleSession } from '@/trpc/server';
import { tooManyAttempts } from './messages';
import { LoginForm } from './login-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login');
  return { title: t('metaTitle') };
}

export default async function LoginPage({ searchParams }: SignInRouteProps) {
  const { next } = await searchParams;
  if (await consoleSession()) redirect(safeNext(typeof next === 'string' ? next : null) ?? '/overview');
  const [t, errors] = await Promise.all([getTranslations('login'), getTranslations('login.errors')]);
  const initialError = await arrivalError(searchParams, { wrong: errors('incorrect'), throttled: await tooManyAttempts(), unavailable: errors('unavailable') });

  return (
    <SignInPage
      glow="indigo"
      corner={<LanguageSwitch />}
      title={t('title')}
      lead={t('lead')}
      footer={t.rich('footer', { nowrap: (chunks) => <span className="whitespace-nowrap">{chunks}</span> })}
    >
      <LoginForm initialError={initialError} />
    </SignInPage>
  );
}
