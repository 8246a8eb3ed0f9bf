'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { useErrorText } from '@/components/console/use-error-text';
import type { OperatorClaim } from './model';

type Batch = NonNullable<OperatorClaim['batch']> & { tenant: string };

/**
 * Disabling a whole batch after asking (`claim-batch-disable`): its open codes close and their credits
 * go back to the tenant's pool; codes already redeemed stay redeemed. The list is read again.
 */
export function useBatchDisable() {
  const t = useTranslations('operatorClaims.batch');
  const format = useFormatter();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const disable = trpc.admin.claimBatchDisable.useMutation();
  const [asking, setAsking] = useState<Batch | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (!asking) return;
    setFailure(null);
    try {
      const { batch } = await disable.mutateAsync({ batch_id: asking.id });
      setNotice(
        t('done', {
          note: asking.note || asking.id.slice(0, 8),
          codes: batch.codes_disabled,
          redeemed: batch.redeemed,
          credits: batch.credits_returned,
          amount: format.number(batch.credits_returned, 'credits'),
          tenant: asking.tenant,
        }),
      );
      setAsking(null);
      await utils.admin.claimList.invalidate();
    } catch (e) {
      setFailure(errorText(e));
    }
  }

  return {
    asking,
    notice,
    failure,
    pending: disable.isPending,
    request: (claim: OperatorClaim) => {
      if (!claim.batch) return;
      setNotice(null);
      setFailure(null);
      setAsking({ ...claim.batch, tenant: claim.tenant.name });
    },
    confirm: () => void confirm(),
    cancel: () => {
      setAsking(null);
      setFailure(null);
    },
  };
}
