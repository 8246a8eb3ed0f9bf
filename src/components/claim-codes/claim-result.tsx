'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { CheckIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ClaimTexts, NewTabLink } from './claim-texts';
import type { CreatedClaim } from './model';

/** What a new claim code gives the seller: the link and texts to paste, and what the code holds. */
export function ClaimResult({ claim, onAnother }: { claim: CreatedClaim; onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const t = useTranslations('claimCodes.result');
  const format = useFormatter();

  return (
    <Card className="overflow-hidden" data-testid="claim-result">
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-emerald-100 bg-emerald-50/70 px-5 py-4 sm:px-6">
        <div className="flex min-w-0 items-start gap-3">
          <span className="grid size-9 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700 ring-1 ring-emerald-200">
            <CheckIcon className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-emerald-950 focus:outline-none">
              {t('title')}
            </h2>
            <p className="mt-0.5 text-sm text-emerald-900/80">{t('description')}</p>
          </div>
        </div>
        <Button variant="secondary" onClick={onAnother}>
          {t('another')}
        </Button>
      </div>

      <div className="grid grid-cols-1 gap-6 px-5 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="min-w-0 rounded-xl bg-slate-50 p-3 ring-1 ring-inset ring-slate-200/70 sm:p-4">
          <ClaimTexts url={claim.claim_url} replyText={claim.reply_text} productCopy={claim.product_copy} />
        </div>

        <dl className="min-w-0 space-y-4 text-sm">
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('credits')}</dt>
            <dd className="mt-0.5 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="result-credits">
              {format.number(claim.credits, 'credits')}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium text-slate-500">{t('templates')}</dt>
            <dd className="mt-1">
              <ul className="flex flex-wrap gap-1.5" data-testid="result-templates">
                {claim.templates.map((template) => (
                  <li
                    key={template.slug}
                    className="max-w-full rounded-md bg-indigo-50 px-2 py-0.5 text-xs font-medium break-words text-indigo-800 ring-1 ring-inset ring-indigo-200"
                    title={template.slug}
                  >
                    {template.zh_name}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
          {claim.tutorial_pdf && (
            <div>
              <dt className="text-xs font-medium text-slate-500">{t('tutorial')}</dt>
              <dd className="mt-0.5 break-words">
                <NewTabLink href={claim.tutorial_pdf.url}>{claim.tutorial_pdf.title}</NewTabLink>
              </dd>
            </div>
          )}
          {claim.note && (
            <div>
              <dt className="text-xs font-medium text-slate-500">{t('note')}</dt>
              <dd className="mt-0.5 break-words whitespace-pre-wrap text-slate-700">{claim.note}</dd>
            </div>
          )}
          <div className="border-t border-slate-100 pt-4">
            <dt className="text-xs font-medium text-slate-500">{t('balance')}</dt>
            <dd className="mt-0.5 text-base font-semibold text-slate-900 tabular-nums" data-testid="result-balance">
              {format.number(claim.credits_balance_after, 'credits')}
            </dd>
          </div>
          {claim.product_images.length > 0 && (
            <div>
              <dt className="text-xs font-medium text-slate-500">{t('images')}</dt>
              <dd className="mt-1.5">
                <ul className="grid grid-cols-4 gap-1.5">
                  {claim.product_images.map((src, i) => (
                    <li key={`${src}-${i}`}>
                      <a
                        href={src}
                        target="_blank"
                        rel="noopener noreferrer"
                        className={
                          'block aspect-square overflow-hidden rounded-md bg-slate-100 ring-1 ring-slate-200 ' +
                          'hover:ring-indigo-300 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
                          'focus-visible:outline-indigo-600'
                        }
                      >
                        {/* Product images come from any origin the seller gave; next/image allows only configured hosts. */}
                        {/* eslint-disable-next-line @next/next/no-img-element */}
                        <img
                          src={src}
                          alt={t('image', { n: i + 1 })}
                          loading="lazy"
                          className="size-full object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </Card>
  );
}
