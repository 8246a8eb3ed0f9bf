'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo, useState } from 'react';
import { trpc } from '@/trpc/react';
import { PageHeader } from '@/components/console/page-header';
import { BatchView } from './batch-view';
import { ClaimBatches } from './claim-batches';
import { ClaimResult } from './claim-result';
import { ClaimsList } from './claims-list';
import { CreateClaim } from './create-claim';
import type { CreatedBatch, CreatedClaim, Template } from './model';

/** Claim codes: sell credits and templates as a link the buyer redeems once, and follow what became of each code. */
export function ClaimsManager() {
  const utils = trpc.useUtils();
  const t = useTranslations('claimCodes');
  const [created, setCreated] = useState<CreatedClaim | null>(null);
  const [openBatch, setOpenBatch] = useState<string | null>(null);
  const pool = trpc.balance.pool.useQuery({}).data;
  const templatesQuery = trpc.templates.list.useQuery({ source: 'all' }, { staleTime: 60_000 });
  const templatesAnswer = templatesQuery.data;
  // Only what a buyer can use: active image and article templates (the tenant's own come first).
  const templates = useMemo<Template[] | undefined>(
    () => templatesAnswer?.templates.filter((t) => t.active && (t.type === 'image' || t.type === 'article')),
    [templatesAnswer],
  );

  const onCreated = useCallback(
    async (claim: CreatedClaim) => {
      setCreated(claim);
      // The pool shrank by the credits, the list has a new code, and own templates may now be gated.
      utils.balance.pool.setData({}, (old) =>
        old
          ? { ...old, allocatable: claim.credits_balance_after, total: claim.credits_balance_after + old.reserved }
          : old,
      );
      await Promise.all([
        utils.claims.list.invalidate(),
        utils.balance.pool.invalidate(),
        utils.templates.list.invalidate(),
        utils.session.me.invalidate(),
      ]);
    },
    [utils],
  );

  const onBatch = useCallback(
    async (made: CreatedBatch) => {
      setCreated(null);
      setOpenBatch(made.batch.id);
      await Promise.all([
        utils.claims.listBatches.invalidate(),
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
      <PageHeader eyebrow={t('eyebrow')} title={t('title')} description={t('description')} />

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
          templatesQuery={templatesQuery}
          allocatable={pool?.allocatable}
          onCreated={onCreated}
          onBatch={onBatch}
        />
      </div>

      {openBatch && <BatchView key={openBatch} id={openBatch} onClose={() => setOpenBatch(null)} />}
      <ClaimBatches openId={openBatch} onOpen={setOpenBatch} />
      <ClaimsList />
    </div>
  );
}
