import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { OperatorTable } from '@/components/operator/operator-table';
import { STATE_TONE, type OperatorClaim } from './model';

const COLUMNS = ['code', 'tenant', 'credits', 'templates', 'state', 'created', 'redeemed'] as const;

interface ClaimsTableProps {
  claims: readonly OperatorClaim[];
  /** The code being disabled, if any. */
  busy: string | null;
  onDisable: (claim: OperatorClaim) => void;
  /** Disable the whole batch the code was made in. */
  onDisableBatch: (claim: OperatorClaim) => void;
}

/** Claim codes of every tenant, one row each: the code, its tenant, what it gives, its state and buyer. */
export function ClaimsTable({ claims, busy, onDisable, onDisableBatch }: ClaimsTableProps) {
  const t = useTranslations('operatorClaims.table');
  const states = useTranslations('operatorClaims.state');
  const format = useFormatter();
  const columns = useMemo(
    () => COLUMNS.map((c) => (c === 'credits' ? { label: t(`columns.${c}`), right: true } : t(`columns.${c}`))),
    [t],
  );
  const when = (iso: string) => <time dateTime={iso}>{format.dateTime(new Date(iso), 'minute')}</time>;
  return (
    <OperatorTable
      caption={t('caption')}
      testId="operator-claims-table"
      minWidth="min-w-[62rem]"
      columns={columns}
      actions={t('actions')}
    >
      {claims.map((c) => (
        <tr
          key={c.code}
          data-code={c.code}
          data-state={c.state}
          className={cn('align-top', c.state === 'disabled' && 'bg-slate-50/60')}
        >
          <td className="py-3 pr-3 pl-5">
            <code className="font-mono text-xs break-all text-slate-900">{c.code}</code>
            {c.note && (
              <p className="mt-0.5 max-w-48 text-xs break-words text-slate-500">{t('note', { note: c.note })}</p>
            )}
            {c.batch && (
              <p
                className="mt-1 flex max-w-48 flex-wrap items-center gap-x-2 text-xs text-slate-500"
                data-testid="claim-batch"
              >
                <span className="break-words">{t('batch', { note: c.batch.note || c.batch.id.slice(0, 8) })}</span>
                {c.state === 'open' && !c.disabled_at && (
                  <button
                    type="button"
                    className="font-medium text-rose-700 hover:underline"
                    onClick={() => onDisableBatch(c)}
                    aria-label={t('disableBatchLabel', { note: c.batch.note || c.batch.id.slice(0, 8) })}
                  >
                    {t('disableBatch')}
                  </button>
                )}
              </p>
            )}
          </td>
          <td className="py-3 pr-3">
            <p className="max-w-44 font-medium break-words text-slate-900">{c.tenant.name}</p>
            <code className="font-mono text-[11px] text-slate-500">{c.tenant.id.slice(0, 8)}</code>
          </td>
          <td className="py-3 pr-3 text-right whitespace-nowrap text-slate-900 tabular-nums">
            {t('credits', { credits: c.credits, amount: format.number(c.credits, 'credits') })}
          </td>
          <td className="py-3 pr-3 text-slate-700">
            <p className="max-w-56 break-words" title={c.templates.map((x) => x.slug).join(', ')}>
              {c.templates.length ? (
                t('templates', { count: c.templates.length, names: c.templates.map((x) => x.zh_name).join('、') })
              ) : (
                <span className="text-slate-500">—</span>
              )}
            </p>
          </td>
          <td className="py-3 pr-3">
            <Badge tone={STATE_TONE[c.state]} data-testid="claim-state">
              {states(c.state)}
            </Badge>
            {c.disabled_at && (
              <p className="mt-1 text-xs whitespace-nowrap text-slate-500">
                {t.rich('disabledAt', { time: () => when(c.disabled_at ?? '') })}
              </p>
            )}
          </td>
          <td className="py-3 pr-3 text-xs whitespace-nowrap text-slate-600">{when(c.created_at)}</td>
          <td className="py-3 pr-3 text-xs text-slate-600" data-testid="claim-redeemer">
            {c.redeemed_by ? (
              <>
                <p className="max-w-48 font-medium break-words text-slate-800">{c.redeemed_by.nickname}</p>
                <p className="max-w-48 [overflow-wrap:anywhere]">{c.redeemed_by.email}</p>
                {c.redeemed_at && <p className="whitespace-nowrap text-slate-500">{when(c.redeemed_at)}</p>}
              </>
            ) : (
              <span className="text-slate-500">—</span>
            )}
          </td>
          <td className="py-3 pr-5 text-right">
            {c.state === 'open' && !c.disabled_at && (
              <Button
                variant="secondary"
                size="sm"
                disabled={busy === c.code}
                onClick={() => onDisable(c)}
                aria-label={t('disableLabel', { code: c.code })}
              >
                {t('disable')}
              </Button>
            )}
          </td>
        </tr>
      ))}
    </OperatorTable>
  );
}
