'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ArrowLeftIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import type { Upstream } from './upstreams';
import { KeyPairInput, KEY_PAIR_ADAPTERS } from './key-pair-input';
import { ChannelSourceFields } from './upstream-channel-fields';
import { UpstreamModelFields } from './upstream-model-fields';
import { UpstreamSaved } from './upstream-saved';
import { channelHref } from './paths';
import { useUpstreamForm } from './use-upstream-form';

/** Adds a console channel, or edits one; saving opens the channel's page. */
export function UpstreamEditor({ channel }: { channel?: Upstream }) {
  const t = useTranslations('operatorUpstreams');
  const router = useRouter();
  const [saved, setSaved] = useState<Upstream | null>(null);
  // A new channel stays here to be tested at once; an edited one opens its page.
  const { form, creating, submit, pending, known } = useUpstreamForm({
    channel,
    onSaved: (u) => (channel ? router.push(channelHref(u.name)) : setSaved(u)),
  });
  const back = channel ? channelHref(channel.name) : '/operator';

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      <Link
        href={back}
        className={
          'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-600'
        }
      >
        <ArrowLeftIcon className="size-4" />
        {channel ? channel.name : t('back')}
      </Link>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
          {channel ? t('editTitle', { name: channel.name }) : t('newTitle')}
        </h1>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{channel ? t('editDescription') : t('newDescription')}</p>
      </div>
      {saved ? (
        <UpstreamSaved u={saved} />
      ) : (
        <Form {...form}>
          <form onSubmit={(e) => void submit(e)} noValidate data-testid="channel-form">
            <Card className="space-y-5 p-5 sm:p-6">
              <ChannelSourceFields form={form} creating={creating} />
              <div className="grid gap-5 sm:grid-cols-2">
                <FieldBlock control={form.control} name="name" label={t('fields.name')} description={t('hints.name')}>
                  {(field) => (
                    <Input
                      {...field}
                      readOnly={!creating}
                      autoComplete="off"
                      spellCheck={false}
                      className={creating ? 'font-mono' : 'bg-slate-50 font-mono text-slate-600'}
                    />
                  )}
                </FieldBlock>
                <FieldBlock
                  control={form.control}
                  name="api_key"
                  label={t('fields.apiKey')}
                  description={
                    !creating
                      ? t('hints.apiKeyEdit')
                      : KEY_PAIR_ADAPTERS.includes(form.watch('adapter'))
                        ? t('hints.keyPair')
                        : t('hints.apiKeyNew')
                  }
                >
                  {(field) =>
                    KEY_PAIR_ADAPTERS.includes(form.watch('adapter')) ? (
                      <KeyPairInput
                        value={field.value}
                        onChange={field.onChange}
                        onBlur={field.onBlur}
                        placeholder={creating ? undefined : t('keyStored')}
                      />
                    ) : (
                      <Input
                        {...field}
                        type="password"
                        autoComplete="new-password"
                        spellCheck={false}
                        placeholder={creating ? undefined : t('keyStored')}
                      />
                    )
                  }
                </FieldBlock>
                <FieldBlock
                  control={form.control}
                  name="soft_timeout_ms"
                  label={t('fields.softTimeout')}
                  description={t('hints.softTimeout')}
                >
                  {(field) => <Input {...field} inputMode="numeric" autoComplete="off" />}
                </FieldBlock>
              </div>
              <UpstreamModelFields form={form} known={known} />
              <div className="flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
                <span className="text-sm font-medium text-slate-700">{t('fields.enabled')}</span>
                <Switch
                  checked={form.watch('enabled')}
                  label={t('fields.enabled')}
                  onChange={(on) => form.setValue('enabled', on, { shouldDirty: true })}
                />
              </div>
              <FormRootError />
              <div className="flex flex-wrap justify-end gap-2">
                <Link href={back} className={buttonClasses('ghost')}>
                  {t('cancel')}
                </Link>
                <Button type="submit" disabled={pending}>
                  {pending && <Spinner className="size-4" />}
                  {pending ? t('saving') : t('save')}
                </Button>
              </div>
            </Card>
          </form>
        </Form>
      )}
    </div>
  );
}
