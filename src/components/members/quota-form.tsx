'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { InfoIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Form, FormRootError } from '@/components/ui/form';
import { Segmented } from '@/components/ui/segmented';
import { SubmitButton } from '@/components/console/form-parts';
import { DedicatedCredits } from './dedicated-credits';
import { useModeOptions, type Member } from './model';
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
  const t = useTranslations('members.quota');
  const format = useFormatter();
  const modeOptions = useModeOptions();

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        noValidate
        className="mt-4 space-y-4 border-t border-slate-100 pt-4 sm:ml-13"
        aria-label={t('formLabel', { name: member.nickname })}
      >
        <Segmented legend={t('mode')} name={modeName} value={mode} onChange={chooseMode} options={modeOptions} />

        {mode === 'dedicated' ? (
          <QuotaCredits form={form} member={member} allocatable={allocatable} />
        ) : (
          <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-xs leading-5 text-slate-600 ring-1 ring-inset ring-slate-200/70">
            <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-slate-400" />
            <span>
              {member.mode === 'shared'
                ? t('alreadyShared')
                : t('backToPool', { credits: current, amount: format.number(current, 'credits') })}
            </span>
          </p>
        )}

        <FormRootError data-testid="quota-error" />

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onCancel} disabled={pending}>
            {t('cancel')}
          </Button>
          <SubmitButton pending={pending} disabled={unchanged}>
            {t('save')}
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
  const t = useTranslations('members.quota');
  const format = useFormatter();
  const figures = {
    current: format.number(current, 'credits'),
    allocatable: format.number(allocatable ?? 0, 'credits'),
  };
  return (
    <DedicatedCredits
      control={form.control}
      max={allocatable === undefined ? undefined : allocatable + (member.mode === 'dedicated' ? current : 0)}
      limit={(max) => t('limit', { max })}
      limitTestId="quota-max"
      warning={(max) => t('warning', { max })}
      help={member.mode === 'dedicated' ? t('helpDedicated', figures) : t('helpShared', figures)}
      autoFocus
    />
  );
}
