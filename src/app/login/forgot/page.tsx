import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { getConfig } from '@/server/config';
import { ForgotForm } from './forgot-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('forgot');
  return { title: t('metaTitle') };
}

/** Forgot password: asks for the email and sends a reset link (to the outbox when no SMTP is set). */
export default async function ForgotPage({ searchParams }: SignInRouteProps) {
  const [t, { email }] = await Promise.all([getTranslations('forgot'), searchParams]);
  return (
    <SignInPage
      glow="indigo"
      corner={<LanguageSwitch />}
      title={t('title')}
      lead={t('lead')}
      footer={
        <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('back')}
        </Link>
      }
    >
      <ForgotForm
        minutes={Math.round(getConfig().mail.resetLinkTtlMs / 60_000)}
        initialEmail={typeof email === 'string' ? email.slice(0, 200) : ''}
      />
    </SignInPage>
  );
}
