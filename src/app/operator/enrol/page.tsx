import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage } from '@/components/sign-in/sign-in-page';
import { Button } from '@/components/ui/button';
import { operatorSignIn } from '@/trpc/server';
import { operatorSignOutAction } from '../(area)/actions';
import { OperatorEnrolForm } from './enrol-form';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.enrol');
  return { title: t('metaTitle') };
}

/**
 * Where an operator account without a second factor lands after its password: no operator page opens
 * before two-step verification is on. Once on (the page shows the recovery codes), the way on opens.
 */
export default async function OperatorEnrolPage() {
  const session = await operatorSignIn();
  if (!session?.account) redirect('/operator/login');
  if (session.enrolled) redirect('/operator');
  const t = await getTranslations('operator.enrol');
  return (
    <SignInPage
      glow="slate"
      corner={<LanguageSwitch />}
      title={t('title')}
      lead={t('lead')}
      footer={session.account.email}
    >
      <OperatorEnrolForm />
      <form action={operatorSignOutAction} className="mt-6 text-center">
        <Button type="submit" variant="ghost">
          {t('signOut')}
        </Button>
      </form>
    </SignInPage>
  );
}
