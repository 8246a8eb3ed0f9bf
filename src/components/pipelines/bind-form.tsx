'use client';

import { useTranslations } from 'next-intl';
import { useWatch } from 'react-hook-form';
import type { RouterOutputs } from '@/trpc/react';
import { CheckIcon, InfoIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Segmented } from '@/components/ui/segmented';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { OptionalField, SubmitButton } from '@/components/console/form-parts';
import { HOOK_TYPES, TemplateOptions, type Catalog, type Store } from './options';
import { useBindForm } from './use-bind-form';

type Pipeline = RouterOutputs['pipelines']['list']['hooks'][number];

/** Binds an image template to a downstream template, saying first when that replaces a binding. */
export function BindForm({ catalog, hooks }: { catalog: Catalog; hooks: Pipeline[] }) {
  const t = useTranslations('pipelines');
  const { form, submit, pending, done, picked, chooseType, existing, nameOf } = useBindForm(catalog, hooks);
  const [type, enabledChoice] = useWatch({ control: form.control, name: ['hook_type', 'enabled'] });
  const hookTypes = HOOK_TYPES.map((value) => ({ value, label: t(`types.${value}`) }));

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('form.title')}</CardTitle>
        <CardDescription>{t('form.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-label={t('form.title')}>
            {catalog.error && <ErrorAlert>{catalog.error}</ErrorAlert>}
            <TemplateSelect
              control={form.control}
              name="image_template_slug"
              store="image"
              catalog={catalog}
              onPick={picked}
            />

            <Segmented
              legend={t('form.pipelineType')}
              name="hook-type"
              value={type}
              onChange={chooseType}
              options={hookTypes}
            />

            <TemplateSelect
              control={form.control}
              name="hook_template_slug"
              store={type}
              catalog={catalog}
              onPick={picked}
            />

            <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70">
              <span className="text-sm font-medium text-slate-700">{t('form.enabled')}</span>
              <Switch
                checked={enabledChoice ?? existing?.enabled ?? true}
                onChange={(on) => form.setValue('enabled', on)}
                label={t('form.enabled')}
              />
            </div>

            <OptionalField
              control={form.control}
              name="note"
              label={t('form.note')}
              aside={t('form.optional')}
              headingClassName="gap-2"
            >
              {(field) => <Input maxLength={500} placeholder={t('form.notePlaceholder')} {...field} />}
            </OptionalField>

            {existing && !done && (
              <p
                className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80"
                data-testid="rebind-note"
              >
                <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
                <span className="min-w-0 break-words">
                  {t.rich('form.rebind', {
                    type,
                    name: nameOf(type, existing.hook_template_slug),
                    b: (chunks) => <span className="font-semibold">{chunks}</span>,
                  })}
                </span>
              </p>
            )}

            <FormRootError data-testid="bind-error" />
            {done && (
              <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                <span className="min-w-0 break-words">
                  {t(done.created ? 'form.bound' : 'form.updated', { image: done.image, target: done.target })}
                </span>
              </p>
            )}

            <SubmitButton
              pending={pending}
              pendingLabel={t('form.saving')}
              disabled={catalog.loading}
              className="w-full"
            >
              {existing ? t('form.update') : t('form.bind')}
            </SubmitButton>
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}

interface TemplateSelectProps {
  control: ReturnType<typeof useBindForm>['form']['control'];
  name: 'image_template_slug' | 'hook_template_slug';
  /** The store the template comes from. */
  store: Store;
  catalog: Catalog;
  onPick: () => void;
}

/** One end of the binding, chosen from a store's templates. */
function TemplateSelect({ control, name, store, catalog, onPick }: TemplateSelectProps) {
  const t = useTranslations('pipelines');
  const label = t(`stores.${store}`);
  return (
    <FieldBlock control={control} name={name} label={label}>
      {(field) => (
        <Select
          {...field}
          disabled={catalog.loading}
          onChange={(e) => {
            field.onChange(e);
            onPick();
          }}
        >
          <option value="">{catalog.loading ? t('form.loading') : t('form.choose', { store })}</option>
          <TemplateOptions items={catalog[store]} />
        </Select>
      )}
    </FieldBlock>
  );
}
