'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { useErrorText } from '@/components/console/use-error-text';
import type { OperatorClaim } from './model';

/**
 * Disabling an open code after asking: the server returns its credits to the tenant's pool and says
 * how many; the list is read again so the row shows its new state.
 */
export function useClaimDisable() {
  const t = useTranslations('operatorClaims');
  const format = useFormatter();
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const disable = trpc.admin.socialClaimDisable.useMutation();
  const [asking, setAsking] = useState<OperatorClaim | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (!asking) return;
    const claim = asking;
    setFailure(null);
    try {
      const { claim: done } = await disable.mutateAsync({ code: claim.code });
      setNotice(
        t('disabled', {
          code: done.code,
          tenant: claim.tenant.name,
          credits: done.credits_returned,
          amount: format.number(done.credits_returned, 'credits'),
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
      setNotice(null);
      setFailure(null);
      setAsking(claim);
    },
    confirm: () => void confirm(),
    cancel: () => {
      setAsking(null);
      setFailure(null);
    },
  };
}
