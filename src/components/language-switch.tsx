'use client';

import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useTransition } from 'react';
import { localeNames, locales } from '@/i18n/locales';
import { setLocale } from '@/i18n/set-locale';
import { cn } from './ui/cn';

/** The two languages side by side, each named in itself; choosing one remembers it and shows the page in it. */
export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('language');
  const current = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  const choose = (locale: string) =>
    startTransition(async () => {
      await setLocale(locale);
      router.refresh();
    });

  return (
    <div
      role="group"
      aria-label={t('label')}
      aria-busy={pending}
      className={cn('inline-flex shrink-0 rounded-lg bg-slate-100 p-0.5 text-xs font-medium', className)}
    >
      {locales.map((locale) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          aria-pressed={locale === current}
          disabled={pending}
          onClick={() => locale !== current && choose(locale)}
          className={cn(
            'rounded-md px-2 py-1 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600',
            locale === current ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
          )}
        >
          {localeNames[locale]}
        </button>
      ))}
    </div>
  );
}
