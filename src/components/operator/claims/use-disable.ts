'use client';

import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { useErrorText } from '@/components/console/use-error-text';
import type { OperatorClaim } from './model';

/** One kind of disabling: what a row asks about, the server call, and the notice its answer gives. */
export interface DisableKind<Asked, Input, Answer> {
  mutation: { mutateAsync: (input: Input) => Promise<Answer>; isPending: boolean };
  /** What a row asks to disable; null when the row has nothing of this kind. */
  ask: (claim: OperatorClaim) => Asked | null;
  input: (asked: Asked) => Input;
  notice: (asked: Asked, answer: Answer) => string;
}

/**
 * Disabling after asking, for a single code (`social-claim-disable`: its credits go back to the
 * tenant's pool) and for a whole batch (`claim-batch-disable`: its open codes close, redeemed ones stay
 * redeemed): the server's answer becomes the notice, and the list is read again so the rows show
 * their new state.
 */
export function useDisable<Asked, Input, Answer>({ mutation, ask, input, notice }: DisableKind<Asked, Input, Answer>) {
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState<Asked | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm() {
    if (asking === null) return;
    setFailure(null);
    try {
      const answer = await mutation.mutateAsync(input(asking));
      setSaid(notice(asking, answer));
      setAsking(null);
      await utils.admin.claimList.invalidate();
    } catch (e) {
      setFailure(errorText(e));
    }
  }

  return {
    asking,
    notice: said,
    failure,
    pending: mutation.isPending,
    request: (claim: OperatorClaim) => {
      const asked = ask(claim);
      if (asked === null) return;
      setSaid(null);
      setFailure(null);
      setAsking(asked);
    },
    confirm: () => void confirm(),
    cancel: () => {
      setAsking(null);
      setFailure(null);
    },
  };
}
