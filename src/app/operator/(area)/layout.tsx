import type { ReactNode } from 'react';
import { OperatorShell } from '@/components/operator/operator-shell';
import { TRPCProvider } from '@/trpc/react';
import { requireOperator } from '@/trpc/server';
import { operatorSignOutAction } from './actions';

export default async function OperatorLayout({ children }: { children: ReactNode }) {
  await requireOperator();
  return (
    <TRPCProvider>
      <OperatorShell signOut={operatorSignOutAction}>{children}</OperatorShell>
    </TRPCProvider>
  );
}
