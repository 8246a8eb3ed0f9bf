'use client';

import { useWatch } from 'react-hook-form';
import type { RouterOutputs } from '@/trpc/react';
import { CheckIcon, InfoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { FieldBlock, Form, FormRootError } from '../ui/form';
import { Input } from '../ui/input';
import { Segmented } from '../ui/segmented';
import { Select } from '../ui/select';
import { Switch } from '../ui/switch';
import { OptionalField, SubmitButton } from '../console/form-parts';
import { HOOK_TYPES, STORE_WORDS, TemplateOptions, type Catalog } from './options';
import { useBindForm } from './use-bind-form';

type Hook = RouterOutputs['hooks']['list']['hooks'][number];

/** Binds an image template to a downstream template, saying first when that replaces a binding. */
export function BindForm({ catalog, hooks }: { catalog: Catalog; hooks: Hook[] }) {
  const { form, submit, pending, done, picked, chooseType, existing, nameOf } = useBindForm(catalog, hooks);
  const [type, enabledChoice] = useWatch({ control: form.control, name: ['hook_type', 'enabled'] });
  const an = STORE_WORDS[type].a;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bind a template</CardTitle>
        <CardDescription>One article hook and one video hook per image template.</CardDescription>
      </CardHeader>
      <CardBody>
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-label="Bind a template">
            {catalog.error && <ErrorAlert>{catalog.error}</ErrorAlert>}
            <TemplateSelect control={form.control} name="image_template_slug" store="image" catalog={catalog} onPick={picked} />

            <Segmented legend="Hook type" name="hook-type" value={type} onChange={chooseType} options={HOOK_TYPES} />

            <TemplateSelect control={form.control} name="hook_template_slug" store={type} catalog={catalog} onPick={picked} />

            <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70">
              <span className="text-sm font-medium text-slate-700">Enabled</span>
              <Switch checked={enabledChoice ?? existing?.enabled ?? true} onChange={(on) => form.setValue('enabled', on)} label="Enabled" />
            </div>

            <OptionalField control={form.control} name="note" label="Note" aside="Optional" headingClassName="gap-2">
              {(field) => <Input maxLength={500} placeholder="e.g. 封面出图后写小红书笔记" {...field} />}
            </OptionalField>

            {existing && !done && (
              <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80" data-testid="rebind-note">
                <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
                <span className="min-w-0 break-words">
                  This image template already has {an} hook to <span className="font-semibold">{nameOf(type, existing.hook_template_slug)}</span>. Binding
                  again updates it.
                </span>
              </p>
            )}

            <FormRootError data-testid="bind-error" />
            {done && (
              <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
                <span className="min-w-0 break-words">
                  {done.created ? 'Bound' : 'Updated the binding:'} {done.image} → {done.target}.
                </span>
              </p>
            )}

            <SubmitButton pending={pending} pendingLabel="Saving…" disabled={catalog.loading} className="w-full">
              {existing ? 'Update binding' : 'Bind'}
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
  store: keyof typeof STORE_WORDS;
  catalog: Catalog;
  onPick: () => void;
}

/** One end of the binding, chosen from a store's templates. */
function TemplateSelect({ control, name, store, catalog, onPick }: TemplateSelectProps) {
  const { label, a } = STORE_WORDS[store];
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
          <option value="">{catalog.loading ? 'Loading…' : `Choose ${a} template`}</option>
          <TemplateOptions items={catalog[store]} />
        </Select>
      )}
    </FieldBlock>
  );
}
