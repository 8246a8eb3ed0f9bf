'use client';

import { useTranslations } from 'next-intl';
import { deliveryErrorClass } from './delivery-error';

/** A failed delivery's reason in the reader's language, with the recorded text below it as detail. */
export function DeliveryErrorText({ d }: { d: { state: string; status_code: number | null; error: string | null } }) {
  const t = useTranslations('webhooks.errors');
  const kind = deliveryErrorClass(d);
  if (!kind || !d.error) return null;
  return (
    <span className="block" data-testid="delivery-error" data-error-class={kind}>
      <span className="block text-slate-700">{t('class', { kind, status: d.status_code ?? 0 })}</span>
      <span className="block font-mono text-[11px] break-words text-slate-400" title={d.error}>
        {d.error}
      </span>
    </span>
  );
}
