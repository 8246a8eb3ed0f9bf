import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';

/** Its client components read from across the catalogue: they get all of it. */
export default function Layout({ children }: { children: ReactNode }) {
  return <ClientMessages>{children}</ClientMessages>;
}
