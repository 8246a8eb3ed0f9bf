'use client';

import { useTranslations } from 'next-intl';
import type { DeliveryState } from '@/contracts/callbacks';
import { Badge } from '@/components/ui/badge';

export const STATE_TONES = { delivered: 'emerald', failed: 'rose', refused: 'amber' } as const;

/** A delivery's state in the page's language, coloured by outcome. */
export function StateBadge({ state }: { state: DeliveryState }) {
  const t = useTranslations('webhooks.history');
  return (
    <Badge tone={STATE_TONES[state]} data-state={state}>
      {t('states', { state })}
    </Badge>
  );
}
