'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { RouterOutputs } from '@/trpc/react';
import { firstSample } from './template-sample';

export type ClaimPreview = RouterOutputs['claims']['preview'];

/** What the code gives: the seller, the credits, each template with its sample, and any tutorial. */
export function Benefits({ preview }: { preview: ClaimPreview }) {
  const t = useTranslations('claim.benefits');
  const format = useFormatter();
  // Only templates the code opens are 专属; a platform template everyone has is counted and marked as one.
  const exclusive = preview.templates.filter((x) => x.exclusive).length;
  const platform = preview.templates.length - exclusive;
  const extras = [
    exclusive ? t('extrasExclusive', { count: exclusive }) : '',
    platform ? t('extrasPlatform', { count: platform }) : '',
    preview.tutorial_pdf ? t('extrasTutorial') : '',
  ].filter(Boolean);
  return (
    <section aria-labelledby="benefits" className="space-y-4">
      <div className="rounded-2xl bg-linear-to-br from-indigo-600 to-violet-600 p-5 text-white shadow-lg shadow-indigo-600/20">
        <p className="text-sm text-indigo-100">{t('offer', { provider: preview.provider })}</p>
        <p id="benefits" className="mt-2 flex items-baseline gap-2">
          <span className="text-4xl font-semibold tracking-tight" data-testid="claim-credits">
            {format.number(preview.credits, 'credits')}
          </span>
          <span className="text-base text-indigo-100">{t('unit', { credits: preview.credits })}</span>
        </p>
        {extras.length > 0 && (
          <p className="mt-1 text-sm text-indigo-100">{t('extras', { list: extras.join(t('extrasJoin')) })}</p>
        )}
      </div>
      <ul className="grid grid-cols-2 gap-3" aria-label={t('templates')}>
        {preview.templates.map((template) => (
          <li key={template.slug} className="overflow-hidden rounded-xl bg-white ring-1 ring-slate-200">
            <TemplateSample
              src={firstSample(template.sample_images)}
              alt={t('sampleAlt', { name: template.zh_name })}
            />
            <div className="p-2.5">
              <p className="text-sm font-medium break-words text-slate-900">{template.zh_name}</p>
              {!template.exclusive && (
                <p className="mt-1 inline-block rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                  {t('platformBadge')}
                </p>
              )}
              {template.description && (
                <p className="mt-0.5 line-clamp-2 text-xs text-slate-500">{template.description}</p>
              )}
              <TemplateFields fields={template.fields} />
            </div>
          </li>
        ))}
      </ul>
      {preview.tutorial_pdf && (
        <p className="rounded-xl bg-amber-50 px-3 py-2.5 text-sm text-amber-900 ring-1 ring-amber-200">
          {t('tutorial', { title: preview.tutorial_pdf.title })}
        </p>
      )}
    </section>
  );
}

/** A template's sample, or nothing at all (no empty box) when it has none or its address does not load. */
function TemplateSample({ src, alt }: { src: string | null; alt: string }) {
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    // An image that failed before the page came alive fired its error event unheard.
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setFailed(true);
  }, [src]);
  if (!src || failed) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- samples may live on any origin a template names; next/image allows only configured hosts
    <img
      ref={image}
      src={src}
      alt={alt}
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full bg-slate-100 object-cover"
      data-testid="claim-template-sample"
    />
  );
}

type PreviewField = ClaimPreview['templates'][number]['fields'][number];

/** The form of a template, read-only: each field's label, kind and, for a choice, its entries. */
function TemplateFields({ fields }: { fields: PreviewField[] }) {
  const t = useTranslations('claim.benefits');
  if (fields.length === 0) return null;
  const describe = (f: PreviewField) =>
    [
      t('fieldType', { type: f.type ?? 'text' }),
      f.required === false ? t('fieldOptional') : null,
      f.type === 'choice' ? (f.options ?? []).map((o) => o.label ?? o.value).join(' / ') : null,
      f.type === 'number' && (f.min !== undefined || f.max !== undefined)
        ? t('fieldRange', { min: f.min ?? '…', max: f.max ?? '…' })
        : null,
      f.type === 'image' ? t('fieldImage') : null,
    ]
      .filter(Boolean)
      .map((part) => `· ${part}`)
      .join(' ');
  return (
    <div className="mt-2">
      <p className="text-xs font-medium text-slate-600">{t('fieldsTitle')}</p>
      <ul className="mt-1 space-y-1" data-testid="claim-template-fields">
        {fields.map((f) => (
          <li key={f.key} className="text-xs break-words text-slate-500">
            <span className="text-slate-700">{f.label}</span> {describe(f)}
          </li>
        ))}
      </ul>
    </div>
  );
}
