'use client';

import { useTranslations } from 'next-intl';
import { Field, Muted } from './job-fields';
import type { JobRequest } from './job-rerun';
import { useJobTemplate } from './use-job-template';
import { useTemplateName } from '@/components/templates/use-template-name';
import { resolutionLabel } from '@/components/videos/resolution-label';
import { TierLabel } from '@/components/tiers/tier-label';

/** What the job asked for beyond its prompt: model, template and its values, references, video settings. */
export function JobRequestFields({ kind, request }: { kind: string; request: JobRequest }) {
  const t = useTranslations('jobDetail.request');
  const video = kind === 'video';
  const template = useJobTemplate(kind, request);
  const nameOf = useTemplateName();
  const labels = new Map((template?.fields ?? []).map((f) => [f.key, f.label]));
  const skill = typeof request.body.skill_slug === 'string' ? request.body.skill_slug : null;

  return (
    <>
      <Field label={video ? t('tier') : t('model')}>
        {request.model ? <TierLabel id={request.model} /> : <Muted>{t('auto')}</Muted>}
      </Field>
      {request.template_slug && (
        <Field label={t('template')}>
          <span data-testid="job-template">{template ? nameOf(template) : request.template_slug}</span>{' '}
          <code className="font-mono text-xs text-slate-500">{request.template_slug}</code>
        </Field>
      )}
      {skill && (
        <Field label={t('skill')}>
          <code className="font-mono text-xs">{skill}</code>
        </Field>
      )}
      {(request.template_slug || skill) && (
        <Field label={t('input')}>
          {request.input === null ? (
            <Muted>{request.complete ? t('noInput') : t('inputNotKept')}</Muted>
          ) : typeof request.input === 'string' ? (
            <p className="whitespace-pre-wrap break-words">{request.input}</p>
          ) : (
            <dl className="space-y-1" data-testid="job-slot-values">
              {Object.entries(request.input).map(([k, v]) => (
                <div key={k} className="flex flex-wrap gap-x-2">
                  <dt className="text-slate-500">{labels.get(k) ?? k}</dt>
                  <dd className="break-words">{String(v)}</dd>
                </div>
              ))}
            </dl>
          )}
        </Field>
      )}
      {video && (
        <Field label={t('video')}>
          {t('videoSettings', {
            duration: request.duration ?? 0,
            resolution: request.resolution ? resolutionLabel(request.resolution) : '—',
            audio: request.generate_audio ? 'yes' : 'no',
          })}
        </Field>
      )}
      {request.reference_images.length > 0 && (
        <Field label={video ? t('frames') : t('references')}>
          <ul className="flex flex-wrap gap-2">
            {request.reference_images.map((url, i) => (
              <li key={`${url}-${i}`}>
                <a
                  href={url}
                  target="_blank"
                  rel="noreferrer"
                  className="block rounded-md ring-1 ring-slate-200 hover:ring-indigo-400"
                >
                  {/* eslint-disable-next-line @next/next/no-img-element -- a stored file of any size, shown as is */}
                  <img
                    src={url}
                    alt={t('referenceAlt', { n: i + 1 })}
                    className="size-14 rounded-md object-cover"
                    loading="lazy"
                  />
                </a>
              </li>
            ))}
          </ul>
        </Field>
      )}
      {request.callback_url && (
        <Field label={t('callback')}>
          <code className="font-mono text-xs break-all">{request.callback_url}</code>
        </Field>
      )}
    </>
  );
}
