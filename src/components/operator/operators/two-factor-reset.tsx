'use client';

import { useTranslations } from 'next-intl';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { trpc } from '@/trpc/react';

/** The lost-device reset of a console user's two-step verification: their e-mail and the reason (audited). */
export function TwoFactorReset() {
  const t = useTranslations('operatorAccounts.reset');
  const reset = trpc.admin.userTwoFactorReset.useMutation();
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    try {
      const { user } = await reset.mutateAsync({ email: email.trim(), reason });
      setDone(t('done', { email: user.email }));
      setEmail('');
      setReason('');
    } catch (e) {
      setFailure(t('failed', { message: e instanceof Error ? e.message : String(e) }));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="space-y-3 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <h2 className="text-base font-semibold text-slate-900">{t('title')}</h2>
      <p className="text-sm text-slate-600">{t('lead')}</p>
      <label className="block space-y-1 text-sm">
        <span className="font-medium text-slate-700">{t('email')}</span>
        <Input type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
      </label>
      <label className="block space-y-1 text-sm">
        <span className="font-medium text-slate-700">{t('reason')}</span>
        <Input required minLength={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        <span className="block text-xs text-slate-500">{t('reasonHint')}</span>
      </label>
      <Button type="submit" disabled={reset.isPending}>
        {reset.isPending ? t('submitting') : t('submit')}
      </Button>
      {done && (
        <p role="status" className="text-sm text-emerald-700">
          {done}
        </p>
      )}
      {failure && (
        <p role="alert" className="text-sm text-rose-600">
          {failure}
        </p>
      )}
    </form>
  );
}
