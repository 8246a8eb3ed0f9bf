import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { DOCS_CLIENT_MESSAGES } from '@/i18n/client-messages';

/** The API reference's client components read a few texts: its pages carry only those, not the catalogue. */
export default function DocsLayout({ children }: { children: ReactNode }) {
  return <ClientMessages only={DOCS_CLIENT_MESSAGES}>{children}</ClientMessages>;
}
