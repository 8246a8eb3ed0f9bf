import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';

const REASONS = ['state', 'provider', 'unverified', 'domain', 'no_account', 'not_member', 'unavailable'] as const;
type Reason = (typeof REASONS)[number];

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sso.refused');
  return { title: t('metaTitle') };
}

/** Why a single sign-on did not let the person in, and where to go from here. */
export default async function SsoRefusedPage({ searchParams }: SignInRouteProps) {
  const { reason: raw } = await searchParams;
  const reason: Reason = REASONS.find((r) => r === raw) ?? 'state';
  const t = await getTranslations('sso.refused');
  return (
    <SignInPage glow="indigo" corner={<LanguageSwitch />} title={t('title')} lead={t('lead')} footer={t('footer')}>
      <p
        role="alert"
        className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200"
        data-reason={reason}
      >
        {t(`reasons.${reason}`)}
      </p>
      <div className="mt-5 flex flex-col gap-3 text-center text-sm">
        <Link href="/login/sso" className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('again')}
        </Link>
        <Link href="/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('password')}
        </Link>
      </div>
    </SignInPage>
  );
}
