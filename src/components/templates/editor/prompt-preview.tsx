'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { InfoIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import {
  fillPrompt,
  isRequired,
  MAX_INPUT_CHARS,
  SENTENCE_SLOT,
  slotsOf,
  type FieldSpec,
  type Segment,
} from '@/components/editor/fill';

interface PromptPreviewProps {
  prompt: string;
  fields: readonly FieldSpec[];
  className?: string;
  /** Caption of the card. */
  title?: string;
  description?: string;
}

/**
 * The form a caller fills in, generated from the fields, and the prompt Studio builds from it,
 * updated as either the template or the form changes.
 */
export function PromptPreview({ prompt, fields, className, title, description }: PromptPreviewProps) {
  const t = useTranslations('templates.preview');
  const titleId = useId();
  const [values, setValues] = useState<Record<string, string>>({});
  const filled = fillPrompt(prompt.trim(), fields, values);
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));
  // Fields with an unusable key are left out of the form (their inputs would collide).
  const formFields = fields.filter((f, i) => f.key !== '' && fields.findIndex((g) => g.key === f.key) === i);
  const sentenceFills = slotsOf(prompt).includes(SENTENCE_SLOT);

  return (
    <Card className={className} data-testid="prompt-preview">
      <CardHeader>
        <CardTitle>{title ?? t('title')}</CardTitle>
        <CardDescription>{description ?? t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        <form className="space-y-4" aria-label={t('form')} onSubmit={(e) => e.preventDefault()} noValidate>
          {formFields.length === 0 ? (
            <PreviewInput
              label={t('sentence')}
              required={false}
              textarea
              value={values[SENTENCE_SLOT] ?? ''}
              onChange={(v) => set(SENTENCE_SLOT, v)}
              placeholder={t('sentencePlaceholder')}
              help={sentenceFills ? t('sentenceFills', { slot: '{input}' }) : t('sentenceAfter')}
            />
          ) : (
            formFields.map((f) => (
              <PreviewInput
                key={f.key}
                label={f.label.trim() || f.key}
                required={isRequired(f)}
                textarea={f.type === 'textarea'}
                value={values[f.key] ?? ''}
                onChange={(v) => set(f.key, v)}
                placeholder={f.placeholder}
                help={f.help}
                fallback={!isRequired(f) ? (f.default ?? '') : undefined}
              />
            ))
          )}
        </form>

        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <h3 className="text-sm font-medium text-slate-700" id={titleId}>
              {t('filled')}
            </h3>
            {filled.text !== '' && <CopyButton value={filled.text} label={t('copyWhat')} />}
          </div>
          <div
            role="region"
            aria-labelledby={titleId}
            data-testid="filled-prompt"
            className={
              'max-h-96 min-h-24 overflow-y-auto rounded-xl bg-slate-50 px-3.5 py-3 text-sm leading-7 break-words ' +
              'whitespace-pre-wrap text-slate-800 ring-1 ring-inset ring-slate-200/80'
            }
          >
            {prompt.trim() === '' ? (
              <span className="text-slate-500">{t('emptyPrompt')}</span>
            ) : (
              filled.segments.map((s, i) => <SegmentView key={i} s={s} fields={fields} />)
            )}
          </div>
          {filled.missing.length > 0 && prompt.trim() !== '' && (
            <p className="flex items-start gap-1.5 text-xs leading-5 text-amber-800">
              <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
              <span>
                {t('missing', {
                  names: filled.missing.map((f) => t('quoted', { name: f.label || f.key })).join(t('listSeparator')),
                  count: filled.missing.length,
                })}
              </span>
            </p>
          )}
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500" aria-hidden="true">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-indigo-200" /> {t('fromForm')}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-amber-200" /> {t('default')}
            </span>
          </p>
        </div>
      </CardBody>
    </Card>
  );
}

function SegmentView({ s, fields }: { s: Segment; fields: readonly FieldSpec[] }) {
  const t = useTranslations('templates.preview');
  const labelOf = (key: string) => fields.find((f) => f.key === key)?.label || key;
  switch (s.kind) {
    case 'text':
      return <>{s.text}</>;
    case 'value':
      return <mark className="rounded bg-indigo-100/80 px-0.5 text-indigo-950">{s.text}</mark>;
    case 'default':
      return (
        <mark className="rounded bg-amber-100 px-0.5 text-amber-950" title={t('defaultOf', { name: labelOf(s.key) })}>
          {s.text}
        </mark>
      );
    case 'missing':
      return (
        <span className="mx-0.5 inline-block rounded border border-dashed border-rose-300 bg-white px-1 text-xs leading-5 text-rose-600 whitespace-normal">
          {t.rich('missingSlot', { name: s.label || s.key, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </span>
      );
    case 'unknown':
      return (
        <span className="mx-0.5 inline-block rounded border border-dashed border-amber-300 bg-white px-1 font-mono text-xs leading-5 text-amber-700">
          {t.rich('unknownSlot', { slot: `{${s.key}}`, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
        </span>
      );
    case 'empty':
      return null;
  }
}

interface PreviewInputProps {
  label: string;
  required: boolean;
  textarea: boolean;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  help?: string;
  /** The default of an optional field. */
  fallback?: string;
}

function PreviewInput({ label, required, textarea, value, onChange, placeholder, help, fallback }: PreviewInputProps) {
  const t = useTranslations('templates.preview');
  const id = useId();
  const notes = [help ? `${id}-help` : null, fallback ? `${id}-default` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    placeholder,
    maxLength: MAX_INPUT_CHARS,
    'aria-required': required || undefined,
    'aria-describedby': notes,
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div className="space-y-1.5">
      {/* The label holds only the label text, so the input's name is exactly the field's label. */}
      <div className="flex items-baseline gap-1">
        <Label htmlFor={id} className="min-w-0 break-words">
          {label}
        </Label>
        {required ? (
          <span className="text-sm font-medium text-rose-500" aria-hidden="true">
            {t('requiredMark')}
          </span>
        ) : (
          <span className="ml-auto shrink-0 pl-2 text-xs text-slate-500">{t('optional')}</span>
        )}
      </div>
      {textarea ? <Textarea rows={3} {...common} className="resize-y" /> : <Input {...common} />}
      {help && (
        <p id={`${id}-help`} className="text-xs break-words text-slate-500">
          {help}
        </p>
      )}
      {fallback && (
        <p
          id={`${id}-default`}
          className={cn('text-xs break-words', value.trim() ? 'text-slate-500' : 'text-amber-700')}
        >
          {t('defaultWhenBlank', { value: fallback })}
        </p>
      )}
    </div>
  );
}
