'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useId, useRef } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { trpc } from '@/trpc/react';
import { ledgerNoteText } from '@/lib/ledger-notes';
import type { Call } from './call-model';
import { CallStatusBadge, useCallFormat, useWho } from './call-rows';
import { useTierNameWithId } from '@/components/tiers/tier-names';

/** One call's detail in a modal panel (the native `<dialog>`: focus kept inside, Escape closes). */
export function CallDetail({ call, onClose }: { call: Call | null; onClose: () => void }) {
  const t = useTranslations('calls');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (call && !d.open) d.showModal();
    if (!call && d.open) d.close();
  }, [call]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-2xl bg-white p-0 shadow-xl ring-1 ring-slate-200 backdrop:bg-slate-900/40"
      data-testid="call-detail"
    >
      {call && (
        <div className="p-5">
          <div className="flex items-center justify-between gap-2">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {t('detail.title', { kind: t(`kinds.${call.kind}`) })}
            </h2>
            <CallStatusBadge status={call.status} />
          </div>
          <DetailBody call={call} />
          <div className="mt-5 flex justify-end gap-2">
            {call.job_id && call.kind !== 'article' && (
              <Link href={`/jobs/${call.job_id}`} className={buttonClasses('secondary', 'md')}>
                {t('detail.openJob')}
              </Link>
            )}
            <button type="button" className={buttonClasses('primary', 'md')} onClick={onClose}>
              {t('detail.close')}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

function DetailBody({ call }: { call: Call }) {
  const t = useTranslations('calls');
  const notes = useTranslations('ledgerNotes');
  const f = useFormatter();
  const fmt = useCallFormat();
  // A note Studio wrote is shown in the reader's language; any other (an upstream's error) as written.
  const noteOf = (note: string) => {
    const known = ledgerNoteText(note);
    return known ? notes(known.key, known.values) : note;
  };
  const who = useWho();
  const withId = useTierNameWithId();
  const detail = trpc.calls.detail.useQuery({ id: call.id });
  const rows: [string, string][] = [
    [t('table.at'), fmt.at(call.at)],
    [t('table.who'), who(call)],
    [t('table.model'), call.model ? withId(call.model) : '—'],
    [t('detail.family'), call.family ? withId(call.family) : '—'],
    [t('detail.tokensIn'), call.tokens_in === null ? '—' : f.number(call.tokens_in)],
    [t('detail.tokensOut'), call.tokens_out === null ? '—' : f.number(call.tokens_out)],
    [t('detail.charged'), f.number(call.credits)],
    [t('detail.refunded'), f.number(call.credits_refunded)],
    [t('table.latency'), fmt.ms(call.latency_ms)],
    [t('table.requestId'), call.request_id ?? '—'],
    [t('detail.id'), call.id],
  ];
  if (call.error_code) rows.push([t('detail.errorCode'), call.error_code]);
  if (call.note) rows.push([t('detail.note'), noteOf(call.note)]);
  if (call.text) rows.push([t('detail.text'), call.text]);
  return (
    <>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-slate-500">{k}</dt>
            <dd className="min-w-0 break-all text-slate-900">{v}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-medium text-slate-900">{t('detail.ledger')}</h3>
      {detail.isPending ? (
        <Spinner />
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-slate-700" data-testid="call-ledger">
          {(detail.data?.ledger ?? []).length === 0 && <li className="text-slate-500">{t('detail.noLedger')}</li>}
          {detail.data?.ledger.map((l) => (
            <li key={`${l.kind}-${l.at}`} className="flex justify-between gap-3 tabular-nums">
              <span>{t(`detail.movement.${l.kind}`)}</span>
              <span>{f.number(l.amount, { signDisplay: 'exceptZero' })}</span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
