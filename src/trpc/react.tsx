'use client';

import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { useState, type ReactNode } from 'react';
import type { AppRouter } from '@/server/api/root';
import { consoleLinks } from './links';
import { makeQueryClient } from './query-client';

/** Typed hooks for the console's tRPC API; the session cookie authenticates the calls. */
export const trpc = createTRPCReact<AppRouter>();

export type RouterOutputs = inferRouterOutputs<AppRouter>;
export type RouterInputs = inferRouterInputs<AppRouter>;

let browserQueryClient: QueryClient | undefined;

/** The browser keeps one client across navigations; each server render gets its own. */
function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}

export function TRPCProvider({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [client] = useState(() => trpc.createClient({ links: consoleLinks() }));
  return (
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
