'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useId, useState, type ReactNode } from 'react';
import { ChevronDownIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { ClaimTexts, NewTabLink } from './claim-texts';
import { instant, STATE_TONE, type Claim } from './model';

/** One claim code: its state, what it holds, who redeemed it; expands to copy its link and texts again. */
export function ClaimRow({ claim }: { claim: Claim }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const titleId = useId();
  const names = claim.templates.map((t) => t.zh_name);
  const t = useTranslations('claimCodes.row');
  const states = useTranslations('claimCodes.state');
  const format = useFormatter();
  /** Studio's clock (Asia/Shanghai), in the page's language. */
  const when = (iso: string | null) => {
    const d = instant(iso);
    return d ? format.dateTime(d, 'minute') : (iso ?? '—');
  };
  const time = (chunks: ReactNode, iso: string) => <time dateTime={iso}>{chunks}</time>;

  return (
    <article aria-labelledby={titleId} data-testid="claim-row" data-code={claim.code} data-state={claim.state}>
      <div className="flex items-start gap-3 px-4 py-4 sm:px-5">
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1">
            <Badge tone={STATE_TONE[claim.state]} data-testid="claim-state">
              {states(claim.state)}
            </Badge>
            <h3 id={titleId} className="text-sm font-semibold text-slate-900 tabular-nums">
              {t('credits', { credits: claim.credits, amount: format.number(claim.credits, 'credits') })}
              <span className="sr-only">{t('codeForReaders', { code: claim.code })}</span>
            </h3>
            <span className="text-xs text-slate-500 tabular-nums">
              {t.rich('created', { when: when(claim.created_at), time: (chunks) => time(chunks, claim.created_at) })}
            </span>
          </div>
          <p className="mt-1 text-sm leading-6 break-words text-slate-700">
            {names.length > 0 ? names.join('、') : <span className="text-slate-500">{t('noTemplates')}</span>}
          </p>
          {claim.note && (
            <p className="mt-0.5 text-xs leading-5 break-words whitespace-pre-wrap text-slate-500">
              {t('note', { note: claim.note })}
            </p>
          )}
          {claim.redeemed_by && (
            <p className="mt-1.5 text-xs leading-5 break-words text-emerald-800" data-testid="claim-redeemer">
              {t.rich(claim.redeemed_at ? 'redeemedAt' : 'redeemed', {
                name: claim.redeemed_by.nickname,
                email: claim.redeemed_by.email,
                when: when(claim.redeemed_at),
                strong: (chunks) => <span className="font-semibold">{chunks}</span>,
                muted: (chunks) => <span className="[overflow-wrap:anywhere] text-emerald-700">{chunks}</span>,
                time: (chunks) => time(chunks, claim.redeemed_at ?? ''),
              })}
            </p>
          )}
          {claim.disabled_at && (
            <p className="mt-1 text-xs leading-5 text-slate-500">
              {t.rich('disabledAt', {
                state: claim.state,
                when: when(claim.disabled_at),
                time: (chunks) => time(chunks, claim.disabled_at ?? ''),
              })}
            </p>
          )}
        </div>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={panelId}
          className={
            'inline-flex h-8 shrink-0 items-center gap-1 rounded-lg px-2.5 text-sm font-medium text-slate-600 ' +
            'ring-1 ring-inset ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-900 ' +
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
          }
        >
          {t('details')}
          <ChevronDownIcon className={cn('size-4 transition-transform', open && 'rotate-180')} />
        </button>
      </div>
      <div id={panelId} hidden={!open} className="border-t border-slate-100 bg-slate-50/70 px-4 py-4 sm:px-5">
        {open && (
          <div className="space-y-4">
            <ClaimTexts url={claim.claim_url} replyText={claim.reply_text} productCopy={claim.product_copy} />
            <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
              <div className="min-w-0">
                <dt className="text-xs font-medium text-slate-500">{t('code')}</dt>
                <dd className="mt-1 flex min-w-0 items-center gap-2">
                  <code className="min-w-0 truncate font-mono text-xs text-slate-700">{claim.code}</code>
                  <CopyButton value={claim.code} label={t('copyCode')} className="shrink-0 bg-white" />
                </dd>
              </div>
              {claim.tutorial_pdf && (
                <div className="min-w-0">
                  <dt className="text-xs font-medium text-slate-500">{t('tutorial')}</dt>
                  <dd className="mt-1 break-words">
                    <NewTabLink href={claim.tutorial_pdf.url}>{claim.tutorial_pdf.title}</NewTabLink>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        )}
      </div>
    </article>
  );
}
