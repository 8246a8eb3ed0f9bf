'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { templateCreateSchema } from '@/contracts/templates';
import { WarningIcon } from '@/components/icons';
import { FieldHeading } from '@/components/console/form-parts';
import { cn } from '@/components/ui/cn';
import { FormControl, FormDescription, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { braced, SENTENCE_SLOT, slotsOf } from './fill';
import type { useSlotInsertion } from './insert-slot';

export const MAX_PROMPT = templateCreateSchema.shape.prompt_template.maxLength ?? 8000;

/** The controlled prompt input as FormField renders it. */
export interface PromptFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  name: string;
  ref: (el: HTMLTextAreaElement | null) => void;
}

interface PromptEditorProps {
  field: PromptFieldProps;
  /** Field keys of the form, in order. */
  keys: string[];
  /** Slots the prompt uses without a field of that key. */
  slotsWithoutField: string[];
  /** Field keys the prompt does not use. */
  unusedFields: string[];
  onAddField: (key: string) => void;
  slots: ReturnType<typeof useSlotInsertion>;
}

/** How an editor shows its prompt. */
export interface PromptSpec {
  label: string;
  /** The longest prompt the API takes; the count beside the label turns red past it. */
  max: number;
  /** How the count is written (digits as they are by default). */
  count?: (n: number) => string;
  /** Prose (template prompts) or code-like, in a monospaced font (skill prompts). */
  look: keyof typeof LOOKS;
}

const LOOKS = {
  prose: { rows: 9, className: 'min-h-48 resize-y leading-7' },
  code: { rows: 10, className: 'min-h-56 resize-y font-mono text-[13px] leading-6' },
};

interface PromptInputProps {
  field: PromptFieldProps;
  slots: ReturnType<typeof useSlotInsertion>;
  spec: PromptSpec;
  placeholder: string;
  /** Ids of more text read with the prompt (besides its help and error). */
  describedBy?: string;
}

/**
 * A prompt's label with its length, and its textarea, wired to the slot insertion (template and skill
 * editors). Renders inside the prompt's FormItem.
 */
export function PromptInput({
  field,
  slots,
  spec: { label, max, count = String, look },
  placeholder,
  describedBy,
}: PromptInputProps) {
  const t = useTranslations('templates.promptEditor');
  const { value, ref, onChange, ...rest } = field;
  return (
    <>
      <FieldHeading className="gap-2">
        <FormLabel>{label}</FormLabel>
        <span className={cn('text-xs tabular-nums', value.length > max ? 'text-rose-600' : 'text-slate-500')}>
          {t('count', { used: count(value.length), max: count(max) })}
        </span>
      </FieldHeading>
      <FormControl described>
        <Textarea
          {...rest}
          ref={(el) => {
            ref(el);
            slots.bind(el);
          }}
          aria-describedby={describedBy}
          value={value}
          onChange={(e) => {
            slots.placed();
            onChange(e.target.value);
          }}
          onKeyUp={slots.placed}
          onPointerUp={slots.placed}
          rows={LOOKS[look].rows}
          maxLength={max}
          spellCheck={false}
          placeholder={placeholder}
          className={LOOKS[look].className}
        />
      </FormControl>
    </>
  );
}

/**
 * The prompt template with its slots: which ones a field fills, which have no field yet, and which
 * fields are not used, as the server checks them on save. Renders inside the prompt's FormField.
 */
export function PromptEditor({ field, keys, slotsWithoutField, unusedFields, onAddField, slots }: PromptEditorProps) {
  const t = useTranslations('templates.promptEditor');
  const format = useFormatter();
  const spec: PromptSpec = { label: t('label'), max: MAX_PROMPT, count: (n) => format.number(n), look: 'prose' };
  const { value } = field;
  const used = slotsOf(value);
  const missing = new Set(slotsWithoutField);
  const formless = keys.length === 0;

  return (
    <FormItem className="space-y-2">
      <PromptInput
        field={field}
        slots={slots}
        spec={spec}
        placeholder={t('placeholder', { product: '{product}', style: '{style}' })}
      />
      <FormMessage />
      <FormDescription className="leading-5">
        {t.rich('help', { key: '{key}', open: '{{', close: '}}', code })}
        {formless && <> {t.rich('helpFormless', { slot: '{input}', code })}</>}
      </FormDescription>

      {used.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5" aria-label={t('slotsLabel')} role="group">
          <span className="text-xs font-medium text-slate-500">{t('slots')}</span>
          {used.map((s) => (
            <span
              key={s}
              className={cn(
                'rounded-md px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset',
                missing.has(s)
                  ? 'bg-rose-50 text-rose-700 ring-rose-200'
                  : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
              )}
              title={t(
                missing.has(s) ? 'slotMissing' : formless && s === SENTENCE_SLOT ? 'slotSentence' : 'slotFilled',
              )}
            >
              {braced(s)}
            </span>
          ))}
        </div>
      )}

      {(slotsWithoutField.length > 0 || unusedFields.length > 0) && (
        <ul
          aria-live="polite"
          data-testid="contract-hints"
          className="space-y-1.5 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80"
        >
          {slotsWithoutField.map((s) => (
            <li key={`slot-${s}`} className="flex items-start gap-1.5">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0 text-amber-600" />
              <span>
                {t.rich(formless && s !== SENTENCE_SLOT ? 'noFieldFormless' : 'noField', {
                  slot: `{${s}}`,
                  input: '{input}',
                  code: (chunks) => <code className="font-mono font-semibold">{chunks}</code>,
                })}{' '}
                <button type="button" onClick={() => onAddField(s)} className={hintButton}>
                  {t('addField', { key: s })}
                </button>
              </span>
            </li>
          ))}
          {unusedFields.map((k) => (
            <li key={`field-${k}`} className="flex items-start gap-1.5">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0 text-amber-600" />
              <span>
                {t.rich('unusedField', {
                  key: k,
                  code: (chunks) => <code className="font-mono font-semibold">{chunks}</code>,
                })}{' '}
                <button type="button" onClick={() => slots.insert(k)} className={hintButton}>
                  {t('insert', { slot: `{${k}}` })}
                </button>
              </span>
            </li>
          ))}
          <li className="text-amber-800/80">{t('refusal')}</li>
        </ul>
      )}
    </FormItem>
  );
}

const code = (chunks: ReactNode) => <code className="font-mono text-slate-700">{chunks}</code>;

const hintButton =
  'rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';
