'use client';

import { useTranslations } from 'next-intl';
import { LanguageSwitch } from '@/components/language-switch';
import { buttonClasses } from '@/components/ui/button';
import { Wordmark } from '@/components/wordmark';
import { Benefits, type ClaimPreview } from './benefits';
import { RedeemForm } from './redeem-form';
import { RedeemResult } from './redeem-result';
import { useRedeemForm } from './use-redeem-form';
import { claimedEmail, signInHref } from './claimed-email';
import { useSyncExternalStore } from 'react';

/** Why a code cannot be redeemed, as `claim.state` keys. */
const STATE_TEXT = {
  redeemed: { title: 'redeemedTitle', body: 'redeemedBody' },
  disabled: { title: 'disabledTitle', body: 'disabledBody' },
} as const satisfies Record<Exclude<ClaimPreview['state'], 'open'>, object>;

const noSubscription = () => () => {};

/** The public page a buyer opens from the seller's message: what the code gives, and a form to redeem it. */
export function ClaimView({ preview }: { preview: ClaimPreview }) {
  const t = useTranslations('claim');
  const { form, submit, answer, signedIn } = useRedeemForm(preview.code);
  // The browser's storage, read after hydration (the server has none: its render and the first agree).
  const email = useSyncExternalStore(
    noSubscription,
    () => claimedEmail(preview.code),
    () => null,
  );
  const signInLink = signInHref(email);

  return (
    <main className="relative isolate min-h-screen px-4 py-8 sm:py-12">
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(70%_100%_at_50%_0%,var(--color-indigo-100),transparent)]"
      />
      <div className="mx-auto w-full max-w-md space-y-6">
        <header className="flex items-center justify-between">
          <Wordmark />
          <div className="flex items-center gap-3">
            <span className="hidden text-xs text-slate-500 min-[380px]:inline">{t('badge')}</span>
            <LanguageSwitch />
          </div>
        </header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{t('heading')}</h1>
        <Benefits preview={preview} />
        {answer ? (
          <RedeemResult answer={answer} signedIn={signedIn} />
        ) : preview.state !== 'open' ? (
          <div role="status" className="rounded-2xl bg-white p-5 ring-1 ring-slate-200">
            <h2 className="text-base font-semibold text-slate-900">{t(`state.${STATE_TEXT[preview.state].title}`)}</h2>
            <p className="mt-1 text-sm text-slate-600">{t(`state.${STATE_TEXT[preview.state].body}`)}</p>
            <a
              href={signInLink}
              className={buttonClasses('secondary', 'md', 'mt-4 w-full')}
              data-testid="claim-state-sign-in"
            >
              {t('state.signIn')}
            </a>
          </div>
        ) : (
          <RedeemForm form={form} submit={submit} />
        )}
      </div>
    </main>
  );
}
