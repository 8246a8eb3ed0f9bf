import { useFormatter, useTranslations } from 'next-intl';
import type { OutboxMail } from '@/server/db/schema';
import { Badge } from '@/components/ui/badge';

const STATUS_TONE = { stored: 'amber', queued: 'indigo', sent: 'emerald', failed: 'rose' } as const;

/** The outbox, newest first: each mail's recipient, subject, kind, status and time, and its text to pass on. */
export function OutboxList({ mails }: { mails: OutboxMail[] }) {
  const t = useTranslations('outbox');
  const format = useFormatter();
  if (mails.length === 0)
    return <p className="rounded-xl bg-white p-6 text-sm text-slate-500 ring-1 ring-slate-200">{t('empty')}</p>;
  return (
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
                <time dateTime={mail.createdAt.toISOString()} className="text-xs whitespace-nowrap text-slate-500">
                  {format.dateTime(mail.createdAt, 'minute')}
                </time>
              </dd>
            </div>
          </dl>
          {mail.error && <p className="mt-2 text-xs break-words text-rose-600">{t('error', { error: mail.error })}</p>}
          <details className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <summary className="cursor-pointer text-slate-600">{t('showBody')}</summary>
            <pre
              className="mt-2 font-sans text-sm break-words whitespace-pre-wrap text-slate-800"
              data-testid="outbox-body"
            >
              {mail.text}
            </pre>
          </details>
        </li>
      ))}
    </ul>
  );
}
