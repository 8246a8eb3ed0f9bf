import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage } from '@/components/sign-in/sign-in-page';
import { buttonClasses } from '@/components/ui/button';
import { resetLinkUsable } from '@/server/domain/auth/password-reset';
import { getRuntime } from '@/server/runtime';
import { ResetForm } from './reset-form';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reset');
  return { title: t('metaTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

interface ResetPageProps {
  params: Promise<{ token: string }>;
}

/** The page a reset mail links to: the new password form, or a clear word that the link no longer works. */
export default async function ResetPage({ params }: ResetPageProps) {
  const [{ token }, t] = await Promise.all([params, getTranslations('reset')]);
  const { db } = await getRuntime();
  const usable = await resetLinkUsable(db, decodeURIComponent(token));
  const back = (
    <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
      {t('back')}
    </Link>
  );
  if (!usable) {
    return (
      <SignInPage
        glow="indigo"
        corner={<LanguageSwitch />}
        title={t('invalidTitle')}
        lead={t('invalidBody')}
        footer={back}
      >
        <Link href="/login/forgot" className={buttonClasses('primary', 'lg', 'w-full')}>
          {t('requestNew')}
        </Link>
      </SignInPage>
    );
  }
  return (
    <SignInPage glow="indigo" corner={<LanguageSwitch />} title={t('title')} lead={t('lead')} footer={back}>
      <ResetForm token={decodeURIComponent(token)} />
    </SignInPage>
  );
}
