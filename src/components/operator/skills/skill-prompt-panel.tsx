'use client';

import { useTranslations } from 'next-intl';
import { useId, useMemo, type ReactNode } from 'react';
import { skillUpsertSchema } from '@/contracts/skills';
import { FieldsBuilder } from '@/components/editor/fields-builder';
import { MAX_FIELDS, SENTENCE_SLOT } from '@/components/editor/fill';
import { PromptInput, type PromptSpec } from '@/components/editor/prompt-editor';
import { ToggleRow } from '@/components/editor/toggle-row';
import { WarningIcon } from '@/components/icons';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { FormDescription, FormField, FormItem, FormMessage } from '@/components/ui/form';
import type { SlotReport } from './model';
import type { SkillFormState } from './use-skill-form';

const PROMPT_MAX = skillUpsertSchema.shape.prompt.maxLength ?? 8000;

/** A slot as the prompt writes it: `{input}`. */
const slot = (key: string) => `{${key}}`;
const code = (chunks: ReactNode) => <code className="font-mono text-slate-700">{chunks}</code>;

/** The skill's prompt, one sentence or a form, and the form's fields. */
export function SkillPromptPanel({ editor }: { editor: SkillFormState }) {
  const t = useTranslations('operator.skills.prompt');
  const { form, sentence, report, fields, slots } = editor;
  const slotsId = useId();
  const spec = useMemo<PromptSpec>(() => ({ label: t('label'), max: PROMPT_MAX, look: 'code' }), [t]);
  const sentenceSlot = slot(SENTENCE_SLOT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('title')}</CardTitle>
        <CardDescription>{t('description')}</CardDescription>
      </CardHeader>
      <CardBody className="space-y-6">
        <ToggleRow
          label={t('sentence')}
          look="boxed"
          checked={sentence}
          onChange={editor.setSentence}
          description={sentence ? t.rich('sentenceOn', { slot: sentenceSlot, code }) : t('sentenceOff')}
        />

        <FormField
          control={form.control}
          name="prompt"
          render={({ field }) => (
            <FormItem className="space-y-2">
              <PromptInput
                field={field}
                slots={slots}
                spec={spec}
                placeholder={
                  sentence
                    ? t('placeholderSentence', { slot: sentenceSlot })
                    : t('placeholderForm', { product: slot('product'), style: slot('style') })
                }
                describedBy={slotsId}
              />
              <FormMessage />
              <FormDescription className="leading-5">
                {t.rich('syntax', { key: slot('key'), open: '{{', close: '}}', code })}{' '}
                {sentence ? t('sentenceRule', { slot: sentenceSlot }) : t('formRule')}
              </FormDescription>
              <SlotList id={slotsId} report={report} sentence={sentence} onInsert={slots.insert} />
            </FormItem>
          )}
        />

        {!sentence && (
          <div className="space-y-3 border-t border-slate-100 pt-5">
            <div>
              <h3 className="text-sm font-semibold text-slate-900">{t('fieldsTitle')}</h3>
              <p className="mt-0.5 text-sm text-slate-500">{t('fieldsHelp', { max: MAX_FIELDS })}</p>
            </div>
            <FieldsBuilder
              rows={fields.fields}
              onAdd={editor.addField}
              onMove={fields.move}
              onRemove={fields.remove}
              unused={new Set(report.absent)}
              onInsert={slots.insert}
              noun="skill"
              emptyNote={t('emptyNote')}
            />
          </div>
        )}
      </CardBody>
    </Card>
  );
}

/** The slots the prompt uses, green when filled, red when nothing fills them; missing ones in amber. */
function SlotList({
  id,
  report,
  sentence,
  onInsert,
}: {
  id: string;
  report: SlotReport;
  sentence: boolean;
  onInsert: (key: string) => void;
}) {
  const t = useTranslations('operator.skills.prompt.slots');
  return (
    <div id={id} className="space-y-1.5" data-testid="prompt-slots">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label={t('label')}>
        <span className="text-xs font-medium text-slate-500">{t('uses')}</span>
        {report.slots.length === 0 && <span className="text-xs text-slate-500">{t('none')}</span>}
        {report.slots.map((s) => (
          <span
            key={s.key}
            title={s.ok ? undefined : sentence ? t('sentenceOnly', { slot: slot(SENTENCE_SLOT) }) : t('noField')}
            className={cn(
              'rounded-md px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset',
              s.ok ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-rose-200',
            )}
          >
            {slot(s.key)}
            {!s.ok && <span className="sr-only"> {t('unfilled')}</span>}
          </span>
        ))}
      </div>
      {report.absent.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-amber-800">
          <WarningIcon className="size-3.5 shrink-0" />
          {t('missing')}
          {report.absent.map((k) => (
            <button
              key={k}
              type="button"
              onClick={() => onInsert(k)}
              title={t('insert', { slot: slot(k) })}
              className={
                'rounded-md bg-amber-50 px-1.5 py-0.5 font-mono ring-1 ring-amber-200 ring-inset hover:bg-amber-100 ' +
                'focus-visible:outline-2 focus-visible:outline-indigo-600'
              }
            >
              {slot(k)}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}
