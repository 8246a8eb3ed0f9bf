'use client';

import { useTranslations } from 'next-intl';
import { useId, useState, type FormEvent } from 'react';
import { trpc } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { Input } from '@/components/ui/input';

/** A buyer redeems another claim code into this same account: its credits and templates are added here. */
export function RedeemAnother() {
  const t = useTranslations('overview.buyer.redeem');
  const utils = trpc.useUtils();
  const redeem = trpc.claims.redeemMore.useMutation();
  const [code, setCode] = useState('');
  const [done, setDone] = useState<{ credits: number; templates: number } | null>(null);
  const inputId = useId();
  const messageId = useId();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDone(null);
    // A pasted link works as well as the bare code.
    const bare = code.trim().split('/claim/').pop()?.split(/[?#]/)[0] ?? '';
    if (!bare) return;
    try {
      const answer = await redeem.mutateAsync({ code: bare });
      setDone({ credits: answer.credits_granted, templates: answer.templates.length });
      setCode('');
      await Promise.all([utils.session.me.invalidate(), utils.templates.list.invalidate()]);
    } catch {
      // The refusal is shown from the mutation's error below.
    }
  };

  return (
    <Card>
      <CardBody>
        <form onSubmit={(e) => void submit(e)} className="space-y-2" aria-describedby={messageId}>
          <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
            {t('label')}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={inputId}
              value={code}
              onChange={(e) => setCode(e.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
              placeholder={t('placeholder')}
              data-testid="redeem-another-code"
            />
            <Button type="submit" disabled={redeem.isPending || !code.trim()} data-testid="redeem-another-submit">
              {redeem.isPending ? t('redeeming') : t('submit')}
            </Button>
          </div>
          <p id={messageId} role="status" className="text-sm" data-testid="redeem-another-message">
            {done && <span className="text-emerald-700">{t('done', done)}</span>}
            {redeem.isError && <span className="text-rose-700">{t(errorKey(redeem.error.data?.httpStatus))}</span>}
          </p>
        </form>
      </CardBody>
    </Card>
  );
}

const errorKey = (status: number | undefined) =>
  status === 404 ? 'unknown' : status === 409 ? 'used' : status === 429 ? 'tooMany' : 'failed';
