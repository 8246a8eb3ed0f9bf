'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { ExternalIcon } from '@/components/icons';
import { CopyButton } from '@/components/ui/copy-button';

interface ClaimTextsProps {
  url: string;
  replyText: string;
  productCopy: string;
}

/** The three things a seller pastes elsewhere: the claim link, the reply to the buyer, the listing text. */
export function ClaimTexts({ url, replyText, productCopy }: ClaimTextsProps) {
  const linkId = useId();
  const t = useTranslations('claimCodes.texts');
  return (
    <div className="space-y-4">
      <div className="min-w-0">
        <div className="flex items-center justify-between gap-2">
          <h4 id={linkId} className="text-xs font-medium text-slate-500">
            {t('link')}
          </h4>
          <CopyButton value={url} label={t('linkCopy')} className="bg-white" />
        </div>
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-describedby={linkId}
          data-testid="claim-link"
          className={
            'group mt-1.5 flex items-start gap-2 rounded-lg bg-white px-3 py-2.5 font-mono text-[13px] leading-5 ' +
            'text-indigo-700 ring-1 ring-inset ring-slate-200 hover:bg-indigo-50/50 hover:ring-indigo-200 ' +
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600'
          }
        >
          <span className="min-w-0 flex-1 break-all">{url}</span>
          <ExternalIcon className="mt-0.5 size-4 shrink-0 text-indigo-400 group-hover:text-indigo-600" />
          <span className="sr-only">{t('newTab')}</span>
        </a>
      </div>
      <CopyBlock
        label={t('reply')}
        hint={t('replyHint')}
        copyLabel={t('replyCopy')}
        text={replyText}
        testId="reply-text"
      />
      <CopyBlock
        label={t('product')}
        hint={t('productHint')}
        copyLabel={t('productCopy')}
        text={productCopy}
        testId="product-copy"
      />
    </div>
  );
}

export function CopyBlock({
  label,
  hint,
  copyLabel,
  text,
  testId,
}: {
  label: string;
  hint: string;
  copyLabel: string;
  text: string;
  testId: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <div className="flex items-center justify-between gap-2">
        <h4 id={id} className="text-xs font-medium text-slate-500">
          {label} <span className="font-normal text-slate-500">· {hint}</span>
        </h4>
        <CopyButton value={text} label={copyLabel} className="bg-white" />
      </div>
      <p
        className="mt-1.5 rounded-lg bg-white px-3 py-2.5 text-sm leading-6 break-words whitespace-pre-wrap text-slate-800 ring-1 ring-inset ring-slate-200"
        data-testid={testId}
      >
        {text}
      </p>
    </section>
  );
}

/** A link that opens in a new tab, and says so to screen readers. */
export function NewTabLink({ href, children }: { href: string; children: ReactNode }) {
  const t = useTranslations('claimCodes.texts');
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-indigo-600 hover:text-indigo-500"
    >
      {children}
      <span className="sr-only"> {t('newTab')}</span>
    </a>
  );
}
