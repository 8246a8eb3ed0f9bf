'use client';

import { useMessages } from 'next-intl';
import { cn } from '@/components/ui/cn';
import { hasTierName, tierName, type TierNames } from './tier-names';

/** A tier or model by its name, with its API id after it in small grey code when the two differ. */
export function TierLabel({ id, className }: { id: string; className?: string }) {
  const names = (useMessages() as { tiers?: TierNames }).tiers;
  if (!hasTierName(names, id)) return <code className={cn('font-mono text-xs break-all', className)}>{id}</code>;
  return (
    <span className={className} data-tier={id}>
      {tierName(names, id)} <code className="font-mono text-[11px] break-all text-slate-500">{id}</code>
    </span>
  );
}
