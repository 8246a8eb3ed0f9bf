import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import './globals.css';

const icon =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><defs><linearGradient id="g" x1="0" ' +
      'y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" ' +
      'stop-color="#7c3aed"/></linearGradient></defs><rect width="32" height="32" rx="8" ' +
      'fill="url(#g)"/><path fill="#fff" d="M16 6c.6 5.4 3.4 8.2 8.8 8.8v.2c-5.4.6-8.2 3.4-8.8 ' +
      '8.8h-.1c-.6-5.4-3.4-8.2-8.7-8.8v-.2c5.3-.6 8.1-3.4 8.7-8.8Z"/></svg>',
  );

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('metadata');
  return {
    title: { default: t('title'), template: t('titleTemplate') },
    description: t('description'),
    icons: { icon },
  };
}

export const viewport: Viewport = { themeColor: '#f8fafc' };

/**
 * Every page renders per request: its scripts carry that request's CSP nonce (src/proxy.ts), which a
 * page built ahead of time would not have. The language is the request's (src/i18n/request.ts); client
 * components get its catalogue from the provider.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <NextIntlClientProvider>{children}</NextIntlClientProvider>
      </body>
    </html>
  );
}
