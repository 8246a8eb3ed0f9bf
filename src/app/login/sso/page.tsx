import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/language-switch';
import { SignInPage, type SignInRouteProps } from '@/components/sign-in/sign-in-page';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { consoleSession } from '@/trpc/server';
import { nextPath } from '../next-path';
import { startSsoByEmail } from './actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('sso');
  return { title: t('metaTitle') };
}

/** "Sign in with SSO": the work e-mail finds the tenant's provider. Works without JavaScript. */
export default async function SsoLoginPage({ searchParams }: SignInRouteProps) {
  const params = await searchParams;
  const next = nextPath(params.next);
  if (await consoleSession()) redirect(next);
  const t = await getTranslations('sso');
  const email = typeof params.email === 'string' ? params.email.slice(0, 320) : '';
  const error = params.error === 'email' ? t('errors.email') : params.error === 'none' ? t('errors.none') : null;
  return (
    <SignInPage glow="indigo" corner={<LanguageSwitch />} title={t('title')} lead={t('lead')} footer={t('footer')}>
      <form action={startSsoByEmail} className="space-y-5" aria-label={t('title')} noValidate>
        {error && (
          <p
            role="alert"
            id="sso-error"
            className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200"
          >
            {error}
          </p>
        )}
        <input type="hidden" name="next" value={next} />
        <div className="space-y-1.5">
          <Label htmlFor="sso-email">{t('email')}</Label>
          <Input
            id="sso-email"
            name="email"
            type="email"
            autoComplete="username"
            placeholder={t('emailPlaceholder')}
            defaultValue={email}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'sso-error' : undefined}
          />
        </div>
        <Button type="submit" className="w-full">
          {t('submit')}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link
          href={`/login?next=${encodeURIComponent(next)}`}
          className="font-medium text-indigo-600 hover:text-indigo-500"
        >
          {t('password')}
        </Link>
      </p>
    </SignInPage>
  );
}
