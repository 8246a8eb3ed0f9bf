'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { keyKinds } from '@/contracts/keys';
import { CheckIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { SubmitButton } from '@/components/console/form-parts';
import { KeyNotice } from '@/components/members/key-field';
import { useCreateKeyForm, type CreatedKey } from './use-create-key-form';

/** Makes a named key with its policy, and shows the key once. */
export function CreateKey({ onChanged }: { onChanged: () => Promise<void> }) {
  const { form, submit, pending, created, dismiss } = useCreateKeyForm({ onChanged });
  const t = useTranslations('keys.form');
  const kinds = useTranslations('keys.kinds');

  return (
    <Card>
      <CardHeader>
        <CardTitle id="create-key-title">{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && <KeyCreated created={created} onDismiss={dismiss} />}
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="create-key-title">
            <FieldBlock control={form.control} name="label" label={t('label')}>
              {(field) => <Input autoComplete="off" maxLength={80} placeholder={t('labelPlaceholder')} {...field} />}
            </FieldBlock>
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
            <FormRootError data-testid="create-key-error" />
            <SubmitButton pending={pending} pendingLabel={t('creating')} className="w-full">
              {t('submit')}
            </SubmitButton>
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
