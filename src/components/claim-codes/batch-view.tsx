'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { trpc } from '@/trpc/react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { RequestError } from '@/components/console/request-error';
import { CopyBlock } from './claim-texts';
import { LINK_PLACEHOLDER } from '@/contracts/claims';
import { SKELETON_LEAD, STATE_TONE } from './model';
import { useBatchExport } from './use-batch-export';

/**
 * One batch as the seller pastes it into a shop: every link (copied all at once, one per line), the
 * CSV, the batch's product copy and the reply text with each buyer's link in its place.
 */
export function BatchView({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTranslations('claimCodes.batch');
  const states = useTranslations('claimCodes.state');
  const format = useFormatter();
  const query = trpc.claims.getBatch.useQuery({ id }, { staleTime: 10_000 });
  const exporter = useBatchExport(id);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [id]);
  const data = query.data;
  const links = data?.codes.map((c) => c.claim_url).join('\n') ?? '';

  return (
    <Card className="overflow-hidden" data-testid="batch-view">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-100 bg-slate-50/70 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-slate-900 focus:outline-none">
            {data?.batch.note || t('title')}
          </h2>
          {data && (
            <p className="mt-0.5 text-sm text-slate-600 tabular-nums">
              {t('gives', {
                count: data.batch.count,
                credits: format.number(data.batch.credits, 'credits'),
                exclusive: data.batch.templates.filter((x) => x.exclusive).length,
                platform: data.batch.templates.filter((x) => !x.exclusive).length,
              })}
            </p>
          )}
        </div>
        <Button variant="secondary" size="sm" onClick={onClose}>
          {t('close')}
        </Button>
      </div>

      <div className="space-y-5 px-5 py-5 sm:px-6">
        {query.isPending && <ListSkeleton label={t('loading')} lead={SKELETON_LEAD} />}
        {query.isError && <RequestError error={query.error} onRetry={query.refetch} />}
        {data && (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <CopyButton value={links} label={t('allLinks', { count: data.codes.length })} className="bg-white" />
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void exporter.download()}
                disabled={exporter.state === 'pending'}
                data-testid="batch-export"
              >
                {exporter.state === 'pending' ? t('exporting') : t('export')}
              </Button>
              {exporter.state === 'failed' && (
                <span role="alert" className="text-sm text-rose-700">
                  {t('exportFailed')}
                </span>
              )}
            </div>
            <div className="grid grid-cols-1 gap-5 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200/70 sm:p-4 lg:grid-cols-2">
              <CopyBlock
                label={t('product')}
                hint={t('productHint')}
                copyLabel={t('productCopy')}
                text={data.batch.product_copy}
                testId="batch-product-copy"
              />
              <CopyBlock
                label={t('reply')}
                hint={t('replyHint', { placeholder: LINK_PLACEHOLDER })}
                copyLabel={t('replyCopy')}
                text={data.batch.reply_text}
                testId="batch-reply-text"
              />
            </div>
            <section aria-labelledby="batch-codes-title">
              <h3 id="batch-codes-title" className="text-xs font-medium text-slate-500">
                {t('codes', { count: data.codes.length })}
              </h3>
              <ul
                className="mt-1.5 max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-lg bg-white ring-1 ring-inset ring-slate-200"
                data-testid="batch-codes"
              >
                {data.codes.map((c) => (
                  <li key={c.code} className="flex items-center justify-between gap-2 px-3 py-2">
                    <span className="min-w-0 flex-1 font-mono text-xs break-all text-slate-700">{c.claim_url}</span>
                    <Badge tone={STATE_TONE[c.state]}>{states(c.state)}</Badge>
                    <CopyButton value={c.reply_text} label={t('replyOne', { code: c.code })} />
                  </li>
                ))}
              </ul>
            </section>
          </>
        )}
      </div>
    </Card>
  );
}
