import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/i18n/client-messages';

/**
 * The message provider of a part of the site: client components below it read `only` these parts of the
 * request's catalogue (src/i18n/client-messages.ts), or all of it when `only` is left out.
 */
export async function ClientMessages({ only, children }: { only?: readonly string[]; children: ReactNode }) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={only ? pickMessages(messages, only) : messages}>
      {children}
    </NextIntlClientProvider>
  );
}
