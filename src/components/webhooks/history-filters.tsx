'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { deliveryStates, type DeliveryState } from '@/contracts/callbacks';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { validJobId, type HistoryFilters } from './history-query';

/** The history's filters: state, job, and a range of Asia/Shanghai days; applied together. */
export function HistoryFiltersForm({
  initial,
  onApply,
}: {
  initial: HistoryFilters;
  onApply: (filters: HistoryFilters) => void;
}) {
  const t = useTranslations('webhooks.history');
  const id = useId();
  const [state, setState] = useState<DeliveryState | ''>(initial.state ?? '');
  const [jobId, setJobId] = useState(initial.job_id ?? '');
  const [from, setFrom] = useState(initial.from ?? '');
  const [to, setTo] = useState(initial.to ?? '');
  const jobIdOk = validJobId(jobId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!jobIdOk) return;
    onApply({
      ...(state ? { state } : {}),
      ...(jobId.trim() ? { job_id: jobId.trim() } : {}),
      ...(from ? { from } : {}),
      ...(to ? { to } : {}),
    });
  }

  function clear() {
    setState('');
    setJobId('');
    setFrom('');
    setTo('');
    onApply({});
  }

  return (
    <form
      onSubmit={submit}
      className="grid grid-cols-2 items-end gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_10rem_10rem_auto]"
      data-testid="delivery-filters"
      noValidate
    >
      <div className="space-y-1">
        <Label htmlFor={`${id}-state`}>{t('state')}</Label>
        <Select id={`${id}-state`} value={state} onChange={(e) => setState(e.target.value as DeliveryState | '')}>
          <option value="">{t('anyState')}</option>
          {deliveryStates.map((s) => (
            <option key={s} value={s}>
              {t('states', { state: s })}
            </option>
          ))}
        </Select>
      </div>
      <div className="col-span-2 space-y-1 sm:col-span-1">
        <Label htmlFor={`${id}-job`}>{t('jobId')}</Label>
        <Input
          id={`${id}-job`}
          value={jobId}
          placeholder={t('jobIdPlaceholder')}
          onChange={(e) => setJobId(e.target.value)}
          aria-invalid={!jobIdOk || undefined}
          aria-describedby={jobIdOk ? undefined : `${id}-job-error`}
        />
        {!jobIdOk && (
          <p id={`${id}-job-error`} className="text-xs text-rose-700">
            {t('invalidJobId')}
          </p>
        )}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-from`}>{t('from')}</Label>
        <Input
          id={`${id}-from`}
          type="date"
          value={from}
          max={to || undefined}
          onChange={(e) => setFrom(e.target.value)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-to`}>{t('to')}</Label>
        <Input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="col-span-2 flex gap-2 sm:col-span-1">
        <Button type="submit" size="md">
          {t('apply')}
        </Button>
        <Button type="button" variant="ghost" size="md" onClick={clear}>
          {t('clear')}
        </Button>
      </div>
    </form>
  );
}
