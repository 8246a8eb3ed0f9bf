'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { useTierName } from '@/components/tiers/tier-names';
import type { Call } from './call-model';

const TONE = { pending: 'sky', done: 'emerald', failed: 'rose', refused: 'amber' } as const;

export function CallStatusBadge({ status }: { status: Call['status'] }) {
  const t = useTranslations('calls.statuses');
  return <Badge tone={TONE[status]}>{t(status)}</Badge>;
}

/** Who made the call: the member, else the tenant's key or the console. */
export function useWho() {
  const t = useTranslations('calls');
  return (c: Call) => c.member ?? (c.via === 'console' ? t('who.console') : t('who.tenant'));
}

/** Formats of the log: time in Asia/Shanghai (next-intl's zone), tokens, latency. */
function useCallFormat() {
  const f = useFormatter();
  return {
    at: (iso: string) => f.dateTime(new Date(iso), { dateStyle: 'short', timeStyle: 'medium' }),
    tokens: (c: Call) => (c.tokens_in === null ? '—' : `${f.number(c.tokens_in)} / ${f.number(c.tokens_out ?? 0)}`),
    ms: (ms: number | null) => (ms === null ? '—' : `${f.number(ms)} ms`),
    credits: (c: Call) => f.number(c.credits - c.credits_refunded),
  };
}

const HEAD = ['at', 'who', 'kind', 'model', 'tokens', 'credits', 'latency', 'status', 'requestId'] as const;

/** The calls as a table, on wider screens: a click on a row opens its detail. */
export function CallsTable({ calls, onOpen }: { calls: Call[]; onOpen: (c: Call) => void }) {
  const t = useTranslations('calls');
  const fmt = useCallFormat();
  const who = useWho();
  const tierName = useTierName();
  return (
    <Card className="hidden overflow-x-auto md:block">
      <table className="w-full text-left text-sm" data-testid="calls-table">
        <caption className="sr-only">{t('table.caption')}</caption>
        <thead className="border-b border-slate-200 bg-slate-50/80 text-xs text-slate-500">
          <tr>
            {HEAD.map((h) => (
              <th key={h} scope="col" className="px-3 py-2.5 font-medium whitespace-nowrap">
                {t(`table.${h}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {calls.map((c) => (
            <tr key={c.id} data-call-id={c.id} className="cursor-pointer hover:bg-slate-50" onClick={() => onOpen(c)}>
              <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">
                <button type="button" className="text-left text-indigo-700 hover:underline" onClick={() => onOpen(c)}>
                  {fmt.at(c.at)}
                </button>
              </td>
              <td className="max-w-40 truncate px-3 py-2.5">{who(c)}</td>
              <td className="px-3 py-2.5 whitespace-nowrap">{t(`kinds.${c.kind}`)}</td>
              <td className="max-w-40 truncate px-3 py-2.5" title={c.model ?? undefined} data-field="model">
                {c.model ? tierName(c.model) : '—'}
              </td>
              <td className="px-3 py-2.5 whitespace-nowrap tabular-nums">{fmt.tokens(c)}</td>
              <td className="px-3 py-2.5 text-right tabular-nums">{fmt.credits(c)}</td>
              <td className="px-3 py-2.5 text-right whitespace-nowrap tabular-nums">{fmt.ms(c.latency_ms)}</td>
              <td className="px-3 py-2.5">
                <CallStatusBadge status={c.status} />
              </td>
              <td className="max-w-32 truncate px-3 py-2.5 font-mono text-xs text-slate-500">{c.request_id ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The calls as cards, on phones: each opens its detail. */
export function CallCards({ calls, onOpen }: { calls: Call[]; onOpen: (c: Call) => void }) {
  const t = useTranslations('calls');
  const fmt = useCallFormat();
  const who = useWho();
  const tierName = useTierName();
  return (
    <ul className="space-y-3 md:hidden" data-testid="calls-cards">
      {calls.map((c) => (
        <li key={c.id} data-call-id={c.id}>
          <button
            type="button"
            onClick={() => onOpen(c)}
            className="w-full rounded-2xl bg-white p-3 text-left shadow-sm ring-1 ring-slate-200/80 hover:ring-slate-300"
          >
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium text-slate-900">{t(`kinds.${c.kind}`)}</span>
              <CallStatusBadge status={c.status} />
            </div>
            <p className="mt-1 truncate text-sm text-slate-600">
              {who(c)} · {c.model ? tierName(c.model) : '—'}
            </p>
            <p className="mt-1 flex flex-wrap gap-x-3 text-xs text-slate-500 tabular-nums">
              <span>{fmt.at(c.at)}</span>
              <span>{t('card.credits', { credits: fmt.credits(c) })}</span>
              {c.tokens_in !== null && <span>{t('card.tokens', { tokens: fmt.tokens(c) })}</span>}
              <span>{fmt.ms(c.latency_ms)}</span>
            </p>
          </button>
        </li>
      ))}
    </ul>
  );
}

export { useCallFormat };
