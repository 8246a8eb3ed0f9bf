'use client';

import { useId, useState, type FormEvent } from 'react';
import { trpc } from '@/trpc/react';
import { InfoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Spinner } from '../ui/spinner';
import { formatNumber, MODE_OPTIONS, parseCredits, type Member, type Mode } from './model';

interface QuotaFormProps {
  member: Member;
  allocatable: number | undefined;
  onCancel: () => void;
  /** Called with a sentence describing the new quota. */
  onSaved: (notice: string) => Promise<void>;
}

/**
 * Switches a member between the shared pool and dedicated credits, or sets their dedicated credits
 * to a new absolute value. The server is the judge of the maximum (the pool may have moved since
 * this page loaded), so a value above it is flagged here and still sent, and its refusal shown.
 */
export function QuotaForm({ member, allocatable, onCancel, onSaved }: QuotaFormProps) {
  const ids = { credits: useId(), help: useId(), mode: useId() };
  const setQuota = trpc.accounts.action.useMutation();
  const [mode, setMode] = useState<Mode>(member.mode);
  const [credits, setCredits] = useState(member.mode === 'dedicated' ? String(member.credits ?? 0) : '');
  const [problem, setProblem] = useState<string | null>(null);
  const current = member.credits ?? 0;
  const max = allocatable === undefined ? undefined : allocatable + (member.mode === 'dedicated' ? current : 0);
  const parsed = parseCredits(credits);
  const over = mode === 'dedicated' && max !== undefined && 'value' in parsed && parsed.value > max;
  const unchanged = mode === 'shared' && member.mode === 'shared';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (setQuota.isPending || unchanged) return;
    if (mode === 'dedicated' && 'error' in parsed) {
      setProblem(parsed.error);
      document.getElementById(ids.credits)?.focus();
      return;
    }
    try {
      const answer = await setQuota.mutateAsync({
        action: 'set-quota',
        account_id: member.account_id,
        ...(mode === 'shared' ? { shared: true as const } : { credits: 'value' in parsed ? parsed.value : 0 }),
      });
      const after = answer.account;
      await onSaved(
        after.mode === 'shared'
          ? `${member.nickname} now spends the shared pool.${member.mode === 'dedicated' && current > 0 ? ` ${formatNumber(current)} credits went back to the pool.` : ''}`
          : `${member.nickname} now has ${formatNumber(after.credits ?? 0)} dedicated credits.`,
      );
    } catch {
      // Shown above the buttons.
    }
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4 sm:ml-13" aria-label={`Quota of ${member.nickname}`}>
      <Segmented
        legend="Mode"
        name={ids.mode}
        value={mode}
        onChange={(m) => {
          setMode(m);
          setProblem(null);
          setQuota.reset();
          if (m === 'dedicated' && credits === '') setCredits(String(current));
        }}
        options={MODE_OPTIONS}
      />

      {mode === 'dedicated' ? (
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
            <Label htmlFor={ids.credits}>Dedicated credits</Label>
            <span className="text-xs text-slate-500 tabular-nums" data-testid="quota-max">
              {max === undefined ? 'Loading the maximum…' : `Up to ${formatNumber(max)}`}
            </span>
          </div>
          <Input
            id={ids.credits}
            inputMode="numeric"
            autoComplete="off"
            autoFocus
            value={credits}
            onChange={(e) => {
              setCredits(e.target.value);
              setProblem(null);
              if (setQuota.error) setQuota.reset();
            }}
            className="tabular-nums"
            aria-invalid={problem || over ? true : undefined}
            aria-describedby={ids.help}
          />
          <div id={ids.help} className="space-y-1 text-xs leading-5">
            {problem && <p className="text-rose-600">{problem}</p>}
            {!problem && over && <p className="text-amber-700">More than the {formatNumber(max ?? 0)} credits that can be given to this member.</p>}
            <p className="text-slate-500">
              {member.mode === 'dedicated'
                ? `The credits they will have, not an amount to add (they have ${formatNumber(current)} now). At most ${formatNumber(allocatable ?? 0)} allocatable + their ${formatNumber(current)}.`
                : `The credits they will have, not an amount to add. At most the ${formatNumber(allocatable ?? 0)} allocatable.`}
            </p>
          </div>
        </div>
      ) : (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs leading-5 text-slate-600 ring-1 ring-inset ring-slate-200/70">
          <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
          <span>
            {member.mode === 'shared'
              ? 'Already on the shared pool: they spend the tenant’s allocatable credits.'
              : `Their ${formatNumber(current)} dedicated credits go back to the pool, and they spend the tenant’s allocatable credits from then on.`}
          </span>
        </p>
      )}

      {setQuota.error && <ErrorAlert data-testid="quota-error">{setQuota.error.message}</ErrorAlert>}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={setQuota.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={setQuota.isPending || unchanged}>
          {setQuota.isPending && <Spinner />}
          Save quota
        </Button>
      </div>
    </form>
  );
}
