'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ArrowLeftIcon } from '@/components/icons';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FieldBlock, Form, FormRootError } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import type { Upstream } from './upstreams';
import { ADAPTERS, MODEL_TEMPLATES, modelsText } from './upstream-form';
import { channelHref } from './paths';
import { useUpstreamForm } from './use-upstream-form';

/** Adds a console channel, or edits one; saving opens the channel's page. */
export function UpstreamEditor({ channel }: { channel?: Upstream }) {
  const t = useTranslations('operatorUpstreams');
  const router = useRouter();
  const { form, creating, submit, pending } = useUpstreamForm({
    channel,
    onSaved: (u) => router.push(channelHref(u.name)),
  });
  const back = channel ? channelHref(channel.name) : '/operator';

  /** A new channel's models start from its protocol's example until the operator writes their own. */
  function changeAdapter(next: (typeof ADAPTERS)[number]) {
    const current = form.getValues('models');
    const untouched = Object.values(MODEL_TEMPLATES).some((m) => modelsText(m) === current);
    form.setValue('adapter', next, { shouldDirty: true });
    if (creating && untouched) form.setValue('models', modelsText(MODEL_TEMPLATES[next]), { shouldDirty: true });
  }

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
      <Form {...form}>
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="channel-form">
          <Card className="space-y-5 p-5 sm:p-6">
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
                name="provider"
                label={t('fields.provider')}
                description={t('hints.provider')}
              >
                {(field) => <Input {...field} autoComplete="off" />}
              </FieldBlock>
              <FieldBlock control={form.control} name="adapter" label={t('fields.adapter')}>
                {(field) => (
                  <Select
                    name={field.name}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => changeAdapter(e.target.value as (typeof ADAPTERS)[number])}
                  >
                    {ADAPTERS.map((a) => (
                      <option key={a} value={a}>
                        {t(`adapters.${a}`)}
                      </option>
                    ))}
                  </Select>
                )}
              </FieldBlock>
              <FieldBlock
                control={form.control}
                name="base_url"
                label={t('fields.baseUrl')}
                description={t('hints.baseUrl')}
              >
                {(field) => (
                  <Input
                    {...field}
                    type="url"
                    inputMode="url"
                    autoComplete="off"
                    spellCheck={false}
                    className="font-mono"
                  />
                )}
              </FieldBlock>
              <FieldBlock
                control={form.control}
                name="api_key"
                label={t('fields.apiKey')}
                description={creating ? t('hints.apiKeyNew') : t('hints.apiKeyEdit')}
              >
                {(field) => (
                  <Input
                    {...field}
                    type="password"
                    autoComplete="new-password"
                    spellCheck={false}
                    placeholder={creating ? undefined : t('keyStored')}
                  />
                )}
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
            <FieldBlock control={form.control} name="models" label={t('fields.models')} description={t('hints.models')}>
              {(field) => <Textarea {...field} rows={12} spellCheck={false} className="font-mono text-xs" />}
            </FieldBlock>
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
    </div>
  );
}
