'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { CheckIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Button } from '@/components/ui/button';
import { SubmitButton } from '@/components/console/form-parts';
import { KeyNotice } from '@/components/members/key-field';
import { KeyPolicyFields } from './key-policy-fields';
import { useCreateKeyForm, type CreatedKey, type Key } from './use-create-key-form';

/**
 * Makes a named key with its policy, and shows the key once (`created`, kept by the page so that it
 * outlives the form); with `editing`, changes that key's label (a named key) and policy instead.
 */
export function CreateKey({
  onChanged,
  created,
  onCreated,
  editing = null,
  onDone,
}: {
  onChanged: () => Promise<void>;
  created: CreatedKey | null;
  onCreated: (created: CreatedKey | null) => void;
  editing?: Key | null;
  onDone?: () => void;
}) {
  const { form, submit, pending } = useCreateKeyForm({
    onChanged,
    onCreated,
    editing,
    ...(onDone ? { onEdited: onDone } : {}),
  });
  const t = useTranslations('keys.form');
  const list = useTranslations('keys.list');
  const name = editing ? (editing.primary ? list('primary') : (editing.label ?? '')) : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle id="create-key-title">{editing ? t('editTitle', { label: name }) : t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        {created && <KeyCreated created={created} onDismiss={() => onCreated(null)} />}
        <Form {...form}>
          <form onSubmit={submit} noValidate className="space-y-5" aria-labelledby="create-key-title">
            {!editing?.primary && (
              <FieldBlock control={form.control} name="label" label={t('label')}>
                {(field) => <Input autoComplete="off" maxLength={80} placeholder={t('labelPlaceholder')} {...field} />}
              </FieldBlock>
            )}
            <KeyPolicyFields control={form.control} />
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
