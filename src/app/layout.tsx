import type { Metadata, Viewport } from 'next';
import { connection } from 'next/server';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ROOT_CLIENT_MESSAGES } from '@/i18n/client-messages';
import { BRAND_ICON_SVG } from '@/lib/brand-icon';
import './globals.css';

const icon = `data:image/svg+xml,${encodeURIComponent(BRAND_ICON_SVG)}`;

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
 * page built ahead of time would not have. The language is the request's (src/i18n/request.ts). Client
 * components get the texts every page needs from here; each part of the site (console, operator area,
 * sign-in, claim page, API reference) adds what its own client components read.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  await connection();
  const locale = await getLocale();
  return (
    <html lang={locale}>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <ClientMessages only={ROOT_CLIENT_MESSAGES}>{children}</ClientMessages>
      </body>
    </html>
  );
}
