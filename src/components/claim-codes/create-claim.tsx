'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId } from 'react';
import { DEFAULT_TUTORIAL_TITLE } from '@/contracts/claims';
import { InfoIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { AmountField } from '@/components/console/amount-field';
import { OptionalField, SubmitButton } from '@/components/console/form-parts';
import { claimCreditsOf } from './claim-forms';
import type { CreatedBatch, CreatedClaim, QueryState, Template } from './model';
import { TemplatePicker } from './template-picker';
import { useCreateClaimForm } from './use-create-claim-form';

interface CreateClaimProps {
  /** The templates a buyer can be given, once loaded. */
  templates: Template[] | undefined;
  templatesQuery: QueryState;
  /** The tenant's allocatable credits now. */
  allocatable: number | undefined;
  onCreated: (claim: CreatedClaim) => Promise<void>;
  onBatch: (batch: CreatedBatch) => Promise<void>;
}

/** The form for a new claim code: templates, credits, a note and an optional tutorial PDF. */
export function CreateClaim({ templates, templatesQuery, allocatable, onCreated, onBatch }: CreateClaimProps) {
  const explainId = useId();
  const { form, submit, pending } = useCreateClaimForm(onCreated, onBatch);
  const t = useTranslations('claimCodes.create');
  const format = useFormatter();
  const count = Number((form.watch('count') ?? '').trim() || '1');
  const credits = claimCreditsOf(form.watch('credits'));
  const many = Number.isInteger(count) && count > 1 ? count : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle id="new-claim-title" tabIndex={-1} className="focus:outline-none">
          {t('title')}
        </CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <Form {...form}>
          <form
            onSubmit={submit}
            noValidate
            aria-labelledby="new-claim-title"
            className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]"
          >
            <TemplatePicker control={form.control} templates={templates} query={templatesQuery} />

            <div className="min-w-0 space-y-5">
              <AmountField
                control={form.control}
                name="credits"
                label={t('credits')}
                max={allocatable}
                read={claimCreditsOf}
                limit={(max) => t('limit', { max })}
                loadingLimit={t('loadingLimit')}
                limitTestId="claim-allocatable"
                warning={(max) => t('warning', { max })}
                help={t('creditsHelp')}
                quietHelp
                describedBy={explainId}
                placeholder={t('creditsPlaceholder')}
              />
              <FieldBlock control={form.control} name="count" label={t('count')} description={t('countHelp')}>
                {(field) => (
                  <Input
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder={t('countPlaceholder')}
                    data-testid="claim-count"
                    {...field}
                  />
                )}
              </FieldBlock>
              {many && credits !== undefined && (
                <p className="text-xs text-slate-600 tabular-nums" data-testid="claim-batch-total">
                  {t('batchTotal', {
                    count: many,
                    credits: format.number(credits, 'credits'),
                    total: format.number(many * credits, 'credits'),
                  })}
                </p>
              )}
              <OptionalField control={form.control} name="note" label={t('note')} aside={t('noteAside')}>
                {(field) => <Textarea rows={2} maxLength={500} placeholder={t('notePlaceholder')} {...field} />}
              </OptionalField>
              {/* An optional link to a tutorial PDF and its title; their labels are small, under the group's own legend. */}
              <fieldset className="space-y-3 rounded-xl bg-slate-50/70 p-3 ring-1 ring-inset ring-slate-200/70 [&_label]:text-xs">
                <legend className="float-left mb-1 w-full text-sm font-medium text-slate-700">
                  {t('tutorial')} <span className="font-normal text-slate-500">{t('tutorialOptional')}</span>
                </legend>
                <FieldBlock control={form.control} name="tutorial_pdf_url" label={t('pdfLink')} className="clear-both">
                  {(field) => (
                    <Input
                      type="url"
                      inputMode="url"
                      autoComplete="off"
                      spellCheck={false}
                      maxLength={2048}
                      placeholder={t('pdfLinkPlaceholder')}
                      {...field}
                    />
                  )}
                </FieldBlock>
                <FieldBlock
                  control={form.control}
                  name="tutorial_pdf_title"
                  label={t('pdfTitle')}
                  description={t('pdfTitleHelp')}
                >
                  {(field) => <Input maxLength={200} placeholder={DEFAULT_TUTORIAL_TITLE} {...field} />}
                </FieldBlock>
              </fieldset>

              <p
                id={explainId}
                className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80"
                data-testid="claim-explain"
              >
                <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
                <span>{t('explain')}</span>
              </p>

              <FormRootError data-testid="claim-error" />

              <SubmitButton pending={pending} pendingLabel={t('creating')} className="w-full">
                {many ? t('submitBatch', { count: many }) : t('submit')}
              </SubmitButton>
            </div>
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}
