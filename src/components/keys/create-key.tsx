'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { keyKinds, spendPeriods } from '@/contracts/keys';
import { CheckIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/console/form-parts';
import { KeyNotice } from '@/components/members/key-field';
import { useCreateKeyForm, type CreatedKey, type Key } from './use-create-key-form';

/**
 * Makes a named key with its policy, and shows the key once; with `editing`, changes that key's label
 * (a named key) and policy instead.
 */
export function CreateKey({
  onChanged,
  editing = null,
  onDone,
}: {
  onChanged: () => Promise<void>;
  editing?: Key | null;
  onDone?: () => void;
}) {
  const { form, submit, pending, created, dismiss } = useCreateKeyForm({
    onChanged,
    editing,
    ...(onDone ? { onEdited: onDone } : {}),
  });
  const t = useTranslations('keys.form');
  const list = useTranslations('keys.list');
  const kinds = useTranslations('keys.kinds');
  const periods = useTranslations('keys.periods');
  const name = editing ? (editing.primary ? list('primary') : (editing.label ?? '')) : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle id="create-key-title">{editing ? t('editTitle', { label: name }) : t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && <KeyCreated created={created} onDismiss={dismiss} />}
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="create-key-title">
            {!editing?.primary && (
              <FieldBlock control={form.control} name="label" label={t('label')}>
                {(field) => <Input autoComplete="off" maxLength={80} placeholder={t('labelPlaceholder')} {...field} />}
              </FieldBlock>
            )}
            <FieldBlock control={form.control} name="kinds" label={t('kinds')} description={t('kindsHint')}>
              {(field) => (
                <div className="flex flex-wrap gap-x-4 gap-y-2" role="group">
                  {keyKinds.map((kind) => (
                    <label key={kind} className="inline-flex items-center gap-2 text-sm text-slate-700">
                      <input
                        type="checkbox"
                        className="size-4 rounded border-slate-300"
                        checked={field.value.includes(kind)}
                        onChange={(e) =>
                          field.onChange(
                            e.target.checked ? [...field.value, kind] : field.value.filter((k) => k !== kind),
                          )
                        }
                      />
                      {kinds(kind)}
                    </label>
                  ))}
                </div>
              )}
            </FieldBlock>
            <FieldBlock control={form.control} name="expires" label={t('expires')} description={t('expiresHint')}>
              {(field) => <Input type="datetime-local" {...field} />}
            </FieldBlock>
            <FieldBlock control={form.control} name="ips" label={t('ips')} description={t('ipsHint')}>
              {(field) => <Textarea rows={3} spellCheck={false} placeholder={t('ipsPlaceholder')} {...field} />}
            </FieldBlock>
            <FieldBlock control={form.control} name="rpm" label={t('rpm')} description={t('rpmHint')}>
              {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
            </FieldBlock>
            <FieldBlock control={form.control} name="models" label={t('models')} description={t('modelsHint')}>
              {(field) => <Textarea rows={2} spellCheck={false} placeholder={t('modelsPlaceholder')} {...field} />}
            </FieldBlock>
            <FieldBlock
              control={form.control}
              name="concurrent"
              label={t('concurrent')}
              description={t('concurrentHint')}
            >
              {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
            </FieldBlock>
            <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,8rem)] items-start gap-3">
              <FieldBlock control={form.control} name="cap" label={t('cap')} description={t('capHint')}>
                {(field) => <Input inputMode="numeric" autoComplete="off" {...field} />}
              </FieldBlock>
              <FieldBlock control={form.control} name="capPeriod" label={t('capPeriod')}>
                {(field) => (
                  <Select {...field}>
                    {spendPeriods.map((p) => (
                      <option key={p} value={p}>
                        {periods(p)}
                      </option>
                    ))}
                  </Select>
                )}
              </FieldBlock>
            </div>
            <FormRootError data-testid="create-key-error" />
            <SubmitButton pending={pending} pendingLabel={editing ? t('saving') : t('creating')} className="w-full">
              {editing ? t('save') : t('submit')}
            </SubmitButton>
            {editing && onDone && (
              <Button type="button" variant="ghost" className="w-full" onClick={onDone}>
                {t('cancelEdit')}
              </Button>
            )}
          </form>
        </Form>
      </CardBody>
    </Card>
  );
}

/** The key just made, shown this once; it takes focus so it is read out and in reach. */
function KeyCreated({ created, onDismiss }: { created: CreatedKey; onDismiss: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [created]);
  const t = useTranslations('keys.form');
  return (
    <KeyNotice
      ref={ref}
      tabIndex={-1}
      data-testid="key-created"
      className="space-y-3 focus:outline-none"
      icon={CheckIcon}
      message={t('created', { label: created.label })}
      caption={t('createdCaption')}
      apiKey={created.apiKey}
      copyLabel={t('copy')}
      onDismiss={onDismiss}
    />
  );
}
