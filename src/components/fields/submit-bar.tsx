'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { CoinsIcon, InfoIcon, LockIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { FormRootError } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';

interface SubmitBarProps {
  cost: number;
  credits: number | undefined;
  pending: boolean;
  /** The button's label, and what it says while the form is on its way. */
  label: string;
  pendingLabel: string;
  /** Said when the credits left do not cover the cost. */
  shortfall: string;
  /** `data-testid`s of the refusal and of the credits figure. */
  testIds: { error: string; credits: string };
  /** The form cannot be sent now, with nothing to say why. */
  disabled?: boolean;
  /** Why the form cannot be sent as it is, if so, said under the button (`locked` picks the icon); `id` prefixes the note's id. */
  blocked?: { id: string; reason: string | null; locked: boolean };
}

/** A refusal that names no input, the price against the credits left, and the submit button. */
export function SubmitBar({
  cost,
  credits,
  pending,
  label,
  pendingLabel,
  shortfall,
  testIds,
  disabled = false,
  blocked,
}: SubmitBarProps) {
  const t = useTranslations('fields');
  const format = useFormatter();
  const reason = blocked?.reason;
  const noteId = blocked && reason ? `${blocked.id}-blocked` : undefined;
  return (
    <div className="space-y-3 border-t border-slate-100 pt-5">
      <FormRootError data-testid={testIds.error} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-sm text-slate-600" data-testid="cost-line">
          <CoinsIcon className="size-4 text-indigo-500" />
          <span>
            {t.rich('cost', {
              count: cost,
              amount: format.number(cost, 'credits'),
              available: credits === undefined ? '…' : format.number(credits, 'credits'),
              b: (chunks) => <span className="font-semibold text-slate-900">{chunks}</span>,
              sep: (chunks) => <span className="text-slate-500">{chunks}</span>,
              credits: (chunks) => (
                <span data-testid={testIds.credits} className="tabular-nums">
                  {chunks}
                </span>
              ),
            })}
          </span>
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={pending || disabled || !!reason}
          aria-describedby={noteId}
          className="min-w-36 flex-1 sm:flex-none"
        >
          {pending ? (
            <>
              <Spinner /> {pendingLabel}
            </>
          ) : (
            label
          )}
        </Button>
      </div>
      {noteId && (
        <p id={noteId} className="flex items-start gap-1.5 text-xs text-amber-700" data-testid="generate-blocked">
          {blocked?.locked ? (
            <LockIcon className="mt-px size-3.5 shrink-0" />
          ) : (
            <InfoIcon className="mt-px size-3.5 shrink-0" />
          )}
          {reason}
        </p>
      )}
      {credits !== undefined && credits < cost && <p className="text-xs text-amber-700">{shortfall}</p>}
    </div>
  );
}
