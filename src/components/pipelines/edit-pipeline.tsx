'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { FieldBlock, Form, FormRootError, useZodForm } from '@/components/ui/form';
import { useApplyServerError } from '@/components/console/use-error-text';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { SubmitButton } from '@/components/console/form-parts';
import { checkOnSubmit, useClearRefusalOnEdit } from '@/components/console/form-rules';
import { pipelineForms } from './pipeline-forms';
import { TemplateOptions, type Catalog } from './options';

type Pipeline = RouterOutputs['pipelines']['list']['hooks'][number];

/** One pipeline's edit form: another downstream template, the note, the switch. */
function useEditPipelineForm(hook: Pipeline, onDone: () => void) {
  const utils = trpc.useUtils();
  const update = trpc.pipelines.update.useMutation();
  const applyServerError = useApplyServerError();
  const errors = useTranslations('pipelines.form');
  const { editPipelineSchema } = useMemo(() => pipelineForms(errors), [errors]);
  const form = useZodForm(editPipelineSchema, {
    ...checkOnSubmit,
    defaultValues: { hook_template_slug: hook.hook_template_slug, enabled: hook.enabled, note: hook.note },
  });
  useClearRefusalOnEdit(form);

  const submit = form.handleSubmit(async (change) => {
    try {
      await update.mutateAsync({ id: hook.id, ...change });
      await utils.pipelines.list.invalidate();
      onDone();
    } catch (error) {
      applyServerError(form, error);
    }
  });

  return { form, submit, pending: update.isPending };
}

export function EditPipeline({ hook, catalog, onDone }: { hook: Pipeline; catalog: Catalog; onDone: () => void }) {
  const t = useTranslations('pipelines');
  const { form, submit, pending } = useEditPipelineForm(hook, onDone);
  const enabled = useWatch({ control: form.control, name: 'enabled' });

  return (
    <Form {...form}>
      <form
        onSubmit={submit}
        className="mt-4 space-y-4 border-t border-slate-100 pt-4"
        aria-label={t('edit.label')}
        noValidate
      >
        <FieldBlock control={form.control} name="hook_template_slug" label={t(`stores.${hook.hook_type}`)}>
          {(field) => (
            <Select {...field} autoFocus>
              <TemplateOptions items={catalog[hook.hook_type]} keep={hook.hook_template_slug} />
            </Select>
          )}
        </FieldBlock>
        <FieldBlock control={form.control} name="note" label={t('form.note')}>
          {(field) => <Input maxLength={500} {...field} />}
        </FieldBlock>
        <div className="flex items-center gap-2.5">
          <Switch checked={enabled} onChange={(on) => form.setValue('enabled', on)} label={t('row.enabled')} />
          <span className="text-sm text-slate-600" aria-hidden="true">
            {enabled ? t('row.enabled') : t('row.disabled')}
          </span>
        </div>
        <FormRootError />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onDone} disabled={pending}>
            {t('edit.cancel')}
          </Button>
          <SubmitButton pending={pending}>{t('edit.save')}</SubmitButton>
        </div>
      </form>
    </Form>
  );
}
