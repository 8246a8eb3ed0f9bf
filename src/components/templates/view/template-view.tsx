'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ArrowRightIcon, ExternalIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { braced, isRequired, slotsOf } from '@/components/editor/fill';
import { TemplatesBackLink } from '@/components/templates/back-link';
import { LockIcon } from '@/components/icons';
import { actionFor, formatLabel, storeHref, type AnyTemplate } from '@/components/templates/model';
import { TemplateIdentity } from '@/components/templates/template-badges';
import { DetailHeader } from '@/components/editor/detail-header';
import { PromptPreview } from '@/components/templates/editor/prompt-preview';
import { SampleImage } from '@/components/templates/sample-image';
import { useTemplateName } from '@/components/templates/use-template-name';

type ViewWords = ReturnType<typeof useTranslations<'templates'>>;

/** A template the workspace cannot change (a platform one): everything it may see, and a preview. */
export function TemplateView({ t }: { t: AnyTemplate }) {
  const words = useTranslations('templates');
  const name = useTemplateName()(t);
  const use = actionFor(t);
  // Another workspace's template reaches this page only through a claim code: its seller keeps it.
  const from = t.seller ? 'seller' : t.source;
  const samples = t.kind === 'video' ? (t.sample_cover_image ? [t.sample_cover_image] : []) : t.sample_images;
  const fields = t.fields ?? [];

  return (
    <div className="space-y-6">
      <TemplatesBackLink href={storeHref(t.kind, t.source)} />

      <DetailHeader
        eyebrow={words('view.eyebrow', { from, kind: t.kind })}
        title={name}
        actions={
          use &&
          t.active &&
          !t.locked && (
            <Link href={use.href} className={buttonClasses('primary', 'md')}>
              {words(`actions.${use.action}`)}
              <ArrowRightIcon className="size-4" />
            </Link>
          )
        }
      >
        <TemplateIdentity t={t} />
        {t.source === 'platform' && (
          <p className="mt-3 text-sm text-slate-500">
            {t.seller ? words('view.readOnlySeller', { seller: t.seller }) : words('view.readOnly')}
          </p>
        )}
        {t.gated && !t.locked && t.source !== 'mine' && (
          <p className="mt-1 text-sm text-slate-500" data-testid="unlocked-note">
            {words('view.unlocked')}
          </p>
        )}
      </DetailHeader>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <div className="min-w-0 space-y-6">
          <Card className="overflow-hidden">
            {samples.length > 0 ? (
              <ul className="grid grid-cols-2 gap-px bg-slate-100 sm:grid-cols-3">
                {samples.map((src, i) => (
                  <li key={`${src}-${i}`} className={samples.length === 1 ? 'col-span-2 sm:col-span-3' : undefined}>
                    <SampleImage
                      src={src}
                      name={name}
                      kind={t.kind}
                      alt={words('view.sampleAlt', { n: i + 1, name })}
                      fit={samples.length === 1 ? 'contain' : 'cover'}
                      className={samples.length === 1 ? 'aspect-[16/9] bg-slate-50' : 'aspect-square'}
                    />
                  </li>
                ))}
              </ul>
            ) : (
              <SampleImage src={null} name={name} kind={t.kind} className="aspect-[16/9]" />
            )}
            <CardBody className="space-y-4">
              {t.description && <p className="text-sm leading-6 break-words text-slate-700">{t.description}</p>}
              <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
                {settingsOf(t, words).map(([label, value]) => (
                  <div key={label} className="min-w-0">
                    <dt className="text-xs font-medium text-slate-500">{label}</dt>
                    <dd className="mt-0.5 break-words text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
            </CardBody>
          </Card>

          {t.locked ? (
            <Card className="bg-amber-50/40 ring-amber-200" data-testid="locked-notice">
              <CardBody className="flex gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-amber-100 text-amber-700">
                  <LockIcon className="size-5" />
                </span>
                <div className="min-w-0">
                  <h2 className="text-base font-semibold text-slate-900">{words('view.lockedTitle')}</h2>
                  <p className="mt-1 text-sm leading-6 text-slate-600">{words('view.lockedBody')}</p>
                </div>
              </CardBody>
            </Card>
          ) : (
            <Card>
              <CardHeader>
                <CardTitle>{words('view.promptTitle')}</CardTitle>
                <CardDescription>
                  {fields.length === 0 ? words('view.noForm') : words('view.fieldCount', { count: fields.length })}
                </CardDescription>
              </CardHeader>
              <CardBody className="space-y-5">
                <pre
                  className={
                    'max-h-96 overflow-y-auto rounded-xl bg-slate-50 px-3.5 py-3 font-sans text-sm leading-7 break-words ' +
                    'whitespace-pre-wrap text-slate-800 ring-1 ring-inset ring-slate-200/80'
                  }
                >
                  <SlotText text={t.prompt_template ?? ''} />
                </pre>
                {fields.length > 0 && (
                  <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200">
                    {fields.map((f) => (
                      <li key={f.key} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 px-3.5 py-2.5 text-sm">
                        <span className="font-medium break-words text-slate-900">{f.label}</span>
                        <code className="font-mono text-xs text-slate-500">{braced(f.key)}</code>
                        <span className="text-xs text-slate-500">
                          {words(f.type === 'textarea' ? 'fieldCard.multiLine' : 'fieldCard.singleLine')} ·{' '}
                          {isRequired(f)
                            ? words('view.required')
                            : f.default
                              ? words('view.optionalDefault', { value: f.default })
                              : words('view.optional')}
                        </span>
                        {f.help && <span className="basis-full text-xs break-words text-slate-500">{f.help}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </CardBody>
            </Card>
          )}
        </div>

        {!t.locked && (
          <aside className="min-w-0 lg:sticky lg:top-6" aria-label={words('preview.aside')}>
            <PromptPreview
              prompt={t.prompt_template ?? ''}
              fields={fields}
              title={words('view.tryTitle')}
              description={words('view.tryDescription')}
            />
          </aside>
        )}
      </div>
    </div>
  );
}

/** The settings of the template's kind, as label and value. */
function settingsOf(t: AnyTemplate, words: ViewWords): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [[words('basics.category'), t.category || '—']];
  if (t.kind !== 'video') rows.push([words('basics.domain'), t.domain || '—']);
  if (t.kind === 'image')
    rows.push(
      [words('basics.ratio'), t.ratio ?? words('basics.callerChooses')],
      [words('basics.templateType'), t.template_type || '—'],
    );
  if (t.kind === 'article' && t.format)
    rows.push([words('basics.format'), formatLabel(t.format, (f) => words(`formats.${f}.label`))]);
  if (t.kind === 'video') {
    const sizes = t.generation_configs.map((c) =>
      words('view.size', { ratio: c.ratio ?? '?', seconds: c.duration ?? '?' }),
    );
    rows.push([words('video.sizes'), sizes.join(words('view.listSeparator')) || '—']);
    if (t.sample_video_url) {
      rows.push([
        words('view.sampleClip'),
        <a
          href={t.sample_video_url}
          target="_blank"
          rel="noreferrer"
          className="inline-flex items-center gap-1 font-medium text-indigo-600 hover:text-indigo-500"
        >
          {words('view.watch')} <ExternalIcon className="size-3.5" />
        </a>,
      ]);
    }
  }
  return rows;
}

/** The prompt with its `{slots}` marked. */
function SlotText({ text }: { text: string }) {
  const known = new Set(slotsOf(text));
  const parts = text.split(/(\{\{|\}\}|\{[A-Za-z_][A-Za-z0-9_]*\})/g);
  return (
    <>
      {parts.map((p, i) =>
        p.startsWith('{') && p !== '{{' && known.has(p.slice(1, -1)) ? (
          <span key={i} className="rounded bg-indigo-100/80 px-0.5 font-mono text-[0.85em] text-indigo-800">
            {p}
          </span>
        ) : (
          p
        ),
      )}
    </>
  );
}
