'use client';

import { useCallback, useMemo, useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useServerSeed } from '../fields/use-server-seed';
import { ClaimResult } from './claim-result';
import { ClaimsList } from './claims-list';
import { CreateClaim } from './create-claim';
import type { CreatedClaim, Template } from './model';

type Pool = RouterOutputs['balance']['pool'];
type TemplatesAnswer = RouterOutputs['templates']['list'];

interface ClaimsManagerProps {
  initialPool: Pool | null;
  initialTemplates: TemplatesAnswer | null;
}

/** Claim codes: sell credits and templates as a link the buyer redeems once, and follow what became of each code. */
export function ClaimsManager({ initialPool, initialTemplates }: ClaimsManagerProps) {
  const utils = trpc.useUtils();
  const [created, setCreated] = useState<CreatedClaim | null>(null);

  const poolQuery = trpc.balance.pool.useQuery({}, { ...(initialPool ? { initialData: initialPool } : {}) });
  const writePool = useCallback((d: Pool) => utils.balance.pool.setData({}, d), [utils]);
  const pool = useServerSeed(poolQuery, initialPool, writePool);

  const templatesQuery = trpc.templates.list.useQuery({ source: 'all' }, { staleTime: 60_000, ...(initialTemplates ? { initialData: initialTemplates } : {}) });
  const writeTemplates = useCallback((d: TemplatesAnswer) => utils.templates.list.setData({ source: 'all' }, d), [utils]);
  const templatesAnswer = useServerSeed(templatesQuery, initialTemplates, writeTemplates);
  // Only what a buyer can use: active image and article templates (the tenant's own come first).
  const templates = useMemo<Template[] | undefined>(
    () => templatesAnswer?.templates.filter((t) => t.active && (t.type === 'image' || t.type === 'article')),
    [templatesAnswer],
  );

  const onCreated = useCallback(
    async (claim: CreatedClaim) => {
      setCreated(claim);
      // The pool shrank by the credits, the list has a new code, and own templates may now be gated.
      utils.balance.pool.setData({}, (old) => (old ? { ...old, allocatable: claim.credits_balance_after, total: claim.credits_balance_after + old.reserved } : old));
      await Promise.all([
        utils.claims.list.invalidate(),
        utils.balance.pool.invalidate(),
        utils.templates.list.invalidate(),
        utils.session.me.invalidate(),
      ]);
    },
    [utils],
  );

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Claim codes</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Claim codes</h1>
        <p className="mt-2 max-w-2xl text-sm text-slate-500">
          Sell AI image packages: each code holds credits and templates, and the buyer redeems it once through its link with a nickname and email.
        </p>
      </header>

      {created && (
        <ClaimResult
          claim={created}
          onAnother={() => {
            setCreated(null);
            // The form shows again with the same picks; start from its title.
            requestAnimationFrame(() => document.getElementById('new-claim-title')?.focus());
          }}
        />
      )}
      <div hidden={created !== null}>
        <CreateClaim
          templates={templates}
          templatesError={templatesQuery.error?.message ?? null}
          onRetryTemplates={() => void templatesQuery.refetch()}
          allocatable={pool?.allocatable}
          onCreated={onCreated}
        />
      </div>

      <ClaimsList />
    </div>
  );
}
