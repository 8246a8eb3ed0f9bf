import type { ReactNode } from 'react';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ConsoleShell } from '@/components/console/console-shell';
import { JobFeedProvider } from '@/components/jobs/job-feed';
import { TRPCProvider } from '@/trpc/react';
import { currentMe, requireSession } from '@/trpc/server';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await requireSession();
  const me = await currentMe();
  return (
    <ClientMessages>
      <TRPCProvider>
        <JobFeedProvider>
          <ConsoleShell
            tenantName={me.tenant.name}
            email={session.email}
            simulated={me.simulated}
            personal={me.personal}
          >
            {children}
          </ConsoleShell>
        </JobFeedProvider>
      </TRPCProvider>
    </ClientMessages>
  );
}
