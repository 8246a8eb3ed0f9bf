'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import type { OutboxEntry } from '@/server/mail/outbox';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { trpc } from '@/trpc/react';

const STATUS_TONE = { stored: 'amber', queued: 'indigo', sent: 'emerald', failed: 'rose' } as const;

/**
 * The outbox, newest first: each mail's recipient, subject, kind, status and time. A mail waiting for
 * the operator (no SMTP) is shown once, to pass on, and then keeps no link; a sent one shows its text
 * with the link removed.
 */
export function OutboxList({ mails: initial }: { mails: OutboxEntry[] }) {
  const t = useTranslations('outbox');
  const format = useFormatter();
  const passOn = trpc.admin.mailPassOn.useMutation();
  const [mails, setMails] = useState(initial);
  const [shown, setShown] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function pass(id: string) {
    setFailure(null);
    try {
      const { mail, text } = await passOn.mutateAsync({ id });
      setMails((list) => list.map((m) => (m.id === id ? mail : m)));
      setShown((s) => ({ ...s, [id]: text }));
    } catch (e) {
      setFailure(t('passOnFailed', { message: e instanceof Error ? e.message : String(e) }));
    }
  }

  if (mails.length === 0)
    return <p className="rounded-xl bg-white p-6 text-sm text-slate-500 ring-1 ring-slate-200">{t('empty')}</p>;
  return (
    <div className="space-y-3">
      {failure && (
        <p role="alert" className="text-sm text-rose-600">
          {failure}
        </p>
      )}
      <ul className="space-y-3" aria-label={t('title')}>
        {mails.map((mail) => (
          <li
            key={mail.id}
            className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
            data-testid="outbox-mail"
            data-to={mail.to}
          >
            <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr_auto_auto]">
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">{t('to')}</dt>
                <dd className="font-medium break-all text-slate-900">{mail.to}</dd>
              </div>
              <div className="min-w-0">
                <dt className="text-xs text-slate-500">{t('subject')}</dt>
                <dd className="break-words text-slate-900">{mail.subject}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{t('kind')}</dt>
                <dd className="text-slate-700">{t(`kinds.${mail.kind}`)}</dd>
              </div>
              <div>
                <dt className="text-xs text-slate-500">{t('status')}</dt>
                <dd className="flex flex-wrap items-center gap-2">
                  <Badge tone={STATUS_TONE[mail.status]}>{t(`statuses.${mail.status}`)}</Badge>
                  <time dateTime={mail.created_at} className="text-xs whitespace-nowrap text-slate-500">
                    {format.dateTime(new Date(mail.created_at), 'minute')}
                  </time>
                </dd>
              </div>
            </dl>
            {mail.error && (
              <p className="mt-2 text-xs break-words text-rose-600">{t('error', { error: mail.error })}</p>
            )}
            {shown[mail.id] !== undefined ? (
              <div className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm ring-1 ring-amber-200">
                <p className="text-xs text-amber-800">{t('shownOnce')}</p>
                <pre
                  className="mt-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-800"
                  data-testid="outbox-body"
                >
                  {shown[mail.id]}
                </pre>
              </div>
            ) : mail.can_pass_on ? (
              <div className="mt-3 flex flex-wrap items-center gap-3">
                <Button size="sm" variant="secondary" disabled={passOn.isPending} onClick={() => void pass(mail.id)}>
                  {t('passOn')}
                </Button>
                <span className="text-xs text-slate-500">{t('passOnHint')}</span>
              </div>
            ) : mail.text !== null ? (
              <details className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
                <summary className="cursor-pointer text-slate-600">{t('showBody')}</summary>
                <pre className="mt-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-800">{mail.text}</pre>
              </details>
            ) : (
              <p className="mt-3 text-xs text-slate-500">{t('sealed')}</p>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
