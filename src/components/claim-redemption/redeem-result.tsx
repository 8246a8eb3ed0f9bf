import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import type { RedeemAnswer } from './use-redeem-form';

/** After redeeming: what was granted, and how to sign in (a generated password is shown this once). */
export function RedeemResult({ answer, signedIn }: { answer: RedeemAnswer; signedIn: boolean }) {
  const t = useTranslations('claim.result');
  const granted = { credits: answer.credits_granted, templates: answer.templates.length, email: answer.account.email };
  // Into the console on this site, with the email filled in, landing on the Overview.
  // Signed in already: straight to the console; otherwise sign in with the e-mail filled in, landing on the Overview.
  const signIn = signedIn
    ? '/overview'
    : `/login?${new URLSearchParams({ email: answer.sign_in.email, next: '/overview' }).toString()}`;
  const hint = !answer.account.created ? t('hintExisting') : answer.sign_in.password ? t('hintNew') : t('hintChosen');
  return (
    <section aria-labelledby="claimed" className="space-y-4" data-testid="claim-result">
      <div className="rounded-2xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
        <h2 id="claimed" className="text-lg font-semibold text-emerald-900">
          {t('title')}
        </h2>
        <p className="mt-1 text-sm text-emerald-800">
          {answer.account.credits === null
            ? t('granted', granted)
            : t('grantedWithBalance', { ...granted, balance: answer.account.credits })}
        </p>
      </div>
      <Card className="space-y-3 p-5">
        <h3 className="text-base font-semibold text-slate-900">{t('howToSignIn')}</h3>
        <p className="text-sm text-slate-600">{hint}</p>
        <dl className="space-y-2 text-sm">
          <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
            <dt className="shrink-0 text-slate-500">{t('email')}</dt>
            <dd className="min-w-0 truncate font-medium text-slate-900">{answer.sign_in.email}</dd>
          </div>
          {answer.sign_in.password && (
            <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2">
              <dt className="shrink-0 text-slate-500">{t('password')}</dt>
              <dd className="flex min-w-0 items-center gap-2">
                <code
                  className="truncate font-mono text-base font-semibold text-slate-900"
                  data-testid="claim-password"
                >
                  {answer.sign_in.password}
                </code>
                <CopyButton value={answer.sign_in.password} label={t('passwordCopy')} />
              </dd>
            </div>
          )}
        </dl>
        {signedIn && (
          <p className="text-sm text-emerald-800" role="status" data-testid="claim-signed-in">
            {t('signedIn')}
          </p>
        )}
        <a href={signIn} className={buttonClasses('primary', 'lg', 'w-full')} data-testid="claim-sign-in">
          {signedIn ? t('openConsole') : t('signIn')}
        </a>
        {answer.tutorial_pdf && (
          <a
            href={answer.tutorial_pdf.url}
            className={buttonClasses('secondary', 'md', 'w-full')}
            target="_blank"
            rel="noreferrer"
          >
            {t('download', { title: answer.tutorial_pdf.title })}
          </a>
        )}
        {answer.api_key && (
          <details className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-slate-600">{t('apiKey')}</summary>
            <div className="mt-2 flex items-center gap-2">
              <code className="min-w-0 flex-1 truncate font-mono text-xs text-slate-700">{answer.api_key}</code>
              <CopyButton value={answer.api_key} label={t('apiKeyCopy')} />
            </div>
          </details>
        )}
      </Card>
    </section>
  );
}
