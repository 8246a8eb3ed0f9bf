'use client';

import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { InfoIcon } from '../icons';
import { Button } from '../ui/button';
import { Form, FormRootError } from '../ui/form';
import { Segmented } from '../ui/segmented';
import { SubmitButton } from '../console/form-parts';
import { formatNumber } from '../console/format';
import { DedicatedCredits } from './dedicated-credits';
import { MODE_OPTIONS, type Member } from './model';
import { useQuotaForm } from './use-quota-form';

interface QuotaFormProps {
  member: Member;
  allocatable: number | undefined;
  onCancel: () => void;
  /** Called with a sentence describing the new quota. */
  onSaved: (notice: string) => Promise<void>;
}

/**
 * Switches a member between the shared pool and dedicated credits, or sets their dedicated credits
 * to a new absolute value. A value above the maximum is flagged here and still sent.
 */
export function QuotaForm({ member, allocatable, onCancel, onSaved }: QuotaFormProps) {
  const modeName = useId();
  const { form, submit, chooseMode, pending } = useQuotaForm(member, onSaved);
  const mode = useWatch({ control: form.control, name: 'mode' });
  const current = member.credits ?? 0;
  const unchanged = mode === 'shared' && member.mode === 'shared';

  return (
    <Form {...form}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4 border-t border-slate-100 pt-4 sm:ml-13" aria-label={`Quota of ${member.nickname}`}>
        <Segmented legend="Mode" name={modeName} value={mode} onChange={chooseMode} options={MODE_OPTIONS} />

        {mode === 'dedicated' ? (
          <QuotaCredits form={form} member={member} allocatable={allocatable} />
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

        <FormRootError data-testid="quota-error" />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <SubmitButton pending={pending} disabled={unchanged}>
            Save quota
          </SubmitButton>
        </div>
      </form>
    </Form>
  );
}

interface QuotaCreditsProps {
  form: ReturnType<typeof useQuotaForm>['form'];
  member: Member;
  allocatable: number | undefined;
}

/** The dedicated credits they will have: at most what is allocatable plus what they hold now. */
function QuotaCredits({ form, member, allocatable }: QuotaCreditsProps) {
  const current = member.credits ?? 0;
  return (
    <DedicatedCredits
      control={form.control}
      max={allocatable === undefined ? undefined : allocatable + (member.mode === 'dedicated' ? current : 0)}
      limit={(max) => `Up to ${max}`}
      limitTestId="quota-max"
      warning={(max) => `More than the ${max} credits that can be given to this member.`}
      help={
        member.mode === 'dedicated'
          ? `The credits they will have, not an amount to add (they have ${formatNumber(current)} now). At most ${formatNumber(allocatable ?? 0)} allocatable + their ${formatNumber(current)}.`
          : `The credits they will have, not an amount to add. At most the ${formatNumber(allocatable ?? 0)} allocatable.`
      }
      autoFocus
    />
  );
}
