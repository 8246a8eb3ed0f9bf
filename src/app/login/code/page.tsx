import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { consoleSession } from '@/trpc/server';
import { nextPath } from '../next-path';
import { PasskeyButton, PasskeyDivider } from '../passkey-button';
import { CodeForm } from './code-form';
import { readTicketCookie } from './ticket-cookie';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login.code');
  return { title: t('metaTitle') };
}

/** The second step of a sign-in with two-step verification; without a password step behind it, back to the password. */
export default async function LoginCodePage({ searchParams }: SignInRouteProps) {
  const next = nextPath((await searchParams).next);
  if (await consoleSession()) redirect(next);
  if (!(await readTicketCookie())) redirect(`/login?next=${encodeURIComponent(next)}`);
  const t = await getTranslations('login.code');
  return (
    <SignInPage glow="indigo" corner={<LanguageSwitch />} title={t('title')} lead={t('lead')} footer={t('footer')}>
      <CodeForm next={next} />
      <PasskeyDivider />
      <PasskeyButton next={next} step />
      <p className="mt-4 text-center text-sm">
        <Link
          href={`/login?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-600 hover:text-indigo-500"
        >
          {t('back')}
        </Link>
      </p>
    </SignInPage>
  );
}
