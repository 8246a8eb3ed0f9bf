'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import type { OperatorView } from '@/server/domain/operators/operators';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { trpc } from '@/trpc/react';

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The operator accounts: who may sign in, their second factor, disable/enable, and a form to add one. */
export function OperatorAccounts({ operators: initial, me }: { operators: OperatorView[]; me: string | null }) {
  const t = useTranslations('operatorAccounts');
  const format = useFormatter();
  const create = trpc.admin.operatorCreate.useMutation();
  const disable = trpc.admin.operatorDisable.useMutation();
  const [operators, setOperators] = useState(initial);
  const [email, setEmail] = useState('');
  const [made, setMade] = useState<{ email: string; password: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function add(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setMade(null);
    try {
      const { operator, password } = await create.mutateAsync({ email: email.trim() });
      setOperators((list) => [...list, operator]);
      setMade({ email: operator.email, password: password ?? '' });
      setEmail('');
    } catch (e) {
      setFailure(t('create.failed', { message: message(e) }));
    }
  }

  async function toggle(operator: OperatorView) {
    setFailure(null);
    try {
      const { operator: changed } = await disable.mutateAsync({
        operator_id: operator.id,
        disabled: !operator.disabled,
      });
      setOperators((list) => list.map((o) => (o.id === changed.id ? changed : o)));
    } catch (e) {
      setFailure(t('toggleFailed', { email: operator.email, message: message(e) }));
    }
  }

  return (
    <section className="space-y-4">
      {failure && (
        <p role="alert" className="text-sm text-rose-600">
          {failure}
        </p>
      )}
      {operators.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-sm text-slate-500 ring-1 ring-slate-200">{t('empty')}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl bg-white ring-1 ring-slate-200" aria-label={t('caption')}>
          {operators.map((o) => (
            <li
              key={o.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 text-sm"
              data-testid="operator-row"
            >
              <span className="min-w-0 font-medium break-all text-slate-900">
                {o.email}
                {o.id === me && <span className="ml-2 text-xs text-slate-500">{t('you')}</span>}
              </span>
              <Badge tone={o.two_factor ? 'emerald' : 'amber'}>
                {o.two_factor ? t('twoFactorOn') : t('twoFactorPending')}
              </Badge>
              <Badge tone={o.disabled ? 'rose' : 'slate'}>{o.disabled ? t('disabled') : t('active')}</Badge>
              <span className="text-xs text-slate-500 tabular-nums">
                {format.dateTime(new Date(o.created_at), 'minute')}
              </span>
              {o.id !== me && (
                <Button
                  type="button"
                  variant="secondary"
                  size="sm"
                  className="ml-auto"
                  aria-label={o.disabled ? t('enableLabel', { email: o.email }) : t('disableLabel', { email: o.email })}
                  disabled={disable.isPending}
                  onClick={() => void toggle(o)}
                >
                  {o.disabled ? t('enable') : t('disable')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void add(e)} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
        <h2 className="text-base font-semibold text-slate-900">{t('create.title')}</h2>
        <p className="text-sm text-slate-600">{t('create.lead')}</p>
        <label className="block space-y-1 text-sm">
          <span className="font-medium text-slate-700">{t('create.email')}</span>
          <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </label>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('create.submitting') : t('create.submit')}
        </Button>
        {made && (
          <div
            role="status"
            className="space-y-1 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-900 ring-1 ring-emerald-200"
          >
            <p>{t('create.made', { email: made.email })}</p>
            <p className="font-mono break-all" data-testid="operator-password">
              {made.password}
            </p>
          </div>
        )}
      </form>
    </section>
  );
}
