import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage } from '@/components/sign-in/sign-in-page';
import { PasskeyButton, PasskeyDivider } from '@/app/login/passkey-button';
import { operatorSession } from '@/trpc/server';
import { operatorPasskeyOptions, signInOperatorPasskey } from '../actions';
import { readOperatorTicket } from '../ticket';
import { OperatorCodeForm } from './code-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('login.code');
  return { title: t('metaTitle') };
}

/** The second step of an operator account's sign-in: a code or a passkey; without a password step behind it, back to the password. */
export default async function OperatorCodePage() {
  if (await operatorSession()) redirect('/operator');
  if (!(await readOperatorTicket())) redirect('/operator/login');
  const t = await getTranslations('login.code');
  return (
    <SignInPage glow="slate" corner={<LanguageSwitch />} title={t('title')} lead={t('lead')} footer={t('footer')}>
      <OperatorCodeForm />
      <PasskeyDivider />
      <PasskeyButton
        next="/operator"
        step
        actions={{ options: operatorPasskeyOptions, signIn: signInOperatorPasskey }}
      />
      <p className="mt-4 text-center text-sm">
        <Link href="/operator/login" className="font-medium text-indigo-600 hover:text-indigo-500">
          {t('back')}
        </Link>
      </p>
    </SignInPage>
  );
}
