'use client';

import { useTranslations } from 'next-intl';
import { useActionState, useId } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { SsoView } from '@/server/domain/auth/sso/settings';
import { saveSsoAction, type SsoFormState } from './actions';

const idle: SsoFormState = { done: false, error: null, fields: {} };

/** The single sign-on form: provider, client, allowed domains, account creation, on or off. */
export function SsoForm({ initial }: { initial: SsoView | null }) {
  const t = useTranslations('sso.settings');
  const [state, action, pending] = useActionState(saveSsoAction, idle);
  const id = useId();
  const field = (name: string, label: string, hint: string | null, control: (props: FieldProps) => React.ReactNode) => {
    const inputId = `${id}-${name}`;
    const error = state.fields[name];
    const described = [hint ? `${inputId}-hint` : '', error ? `${inputId}-error` : ''].filter(Boolean).join(' ');
    return (
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>{label}</Label>
        {control({
          id: inputId,
          name,
          'aria-invalid': error ? true : undefined,
          'aria-describedby': described || undefined,
        })}
        {hint && (
          <p id={`${inputId}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${inputId}-error`} className="text-sm text-rose-600">
            {error}
          </p>
        )}
      </div>
    );
  };
  return (
    <form action={action} className="space-y-5" aria-label={t('formTitle')} noValidate>
      {state.error && (
        <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
          {state.error}
        </p>
      )}
      {state.done && (
        <p
          role="status"
          className="rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-emerald-200"
        >
          {t('saved')}
        </p>
      )}
      {field('slug', t('slug'), t('slugHint'), (p) => (
        <Input {...p} defaultValue={initial?.slug ?? ''} autoComplete="off" />
      ))}
      {field('issuer', t('issuer'), t('issuerHint'), (p) => (
        <Input {...p} type="url" defaultValue={initial?.issuer ?? ''} placeholder={t('issuerPlaceholder')} />
      ))}
      {field('clientId', t('clientId'), null, (p) => (
        <Input {...p} defaultValue={initial?.clientId ?? ''} autoComplete="off" />
      ))}
      {field('clientSecret', t('clientSecret'), initial?.hasSecret ? t('clientSecretKept') : null, (p) => (
        <Input {...p} type="password" autoComplete="new-password" />
      ))}
      {field('domains', t('domains'), t('domainsHint'), (p) => (
        <Textarea {...p} rows={2} defaultValue={initial?.domains.join(', ') ?? ''} />
      ))}
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name="createAccounts"
          defaultChecked={initial?.createAccounts ?? false}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        <span>
          {t('createAccounts')}
          <span className="block text-xs text-slate-500">{t('createAccountsHint')}</span>
        </span>
      </label>
      <label className="flex items-start gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          name="enabled"
          defaultChecked={initial?.enabled ?? true}
          className="mt-0.5 size-4 rounded border-slate-300"
        />
        <span>{t('enabled')}</span>
      </label>
      <Button type="submit" disabled={pending} className="w-full sm:w-auto">
        {pending ? t('saving') : t('save')}
      </Button>
    </form>
  );
}

interface FieldProps {
  id: string;
  name: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}
