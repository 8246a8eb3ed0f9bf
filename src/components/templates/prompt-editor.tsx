'use client';

import { templateCreateSchema } from '@/contracts/templates';
import { WarningIcon } from '../icons';
import { FieldHeading } from '../console/form-parts';
import { cn } from '../ui/cn';
import { FormControl, FormDescription, FormItem, FormLabel, FormMessage } from '../ui/form';
import { Textarea } from '../ui/textarea';
import { SENTENCE_SLOT, slotsOf } from './fill';
import type { useSlotInsertion } from './insert-slot';

export const MAX_PROMPT = templateCreateSchema.shape.prompt_template.maxLength ?? 8000;
const formatNumber = (n: number) => new Intl.NumberFormat('en-US').format(n);

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

const TEMPLATE_PROMPT: PromptSpec = { label: 'Prompt template', max: MAX_PROMPT, count: formatNumber, look: 'prose' };

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
export function PromptInput({ field, slots, spec: { label, max, count = String, look }, placeholder, describedBy }: PromptInputProps) {
  const { value, ref, onChange, ...rest } = field;
  return (
    <>
      <FieldHeading className="gap-2">
        <FormLabel>{label}</FormLabel>
        <span className={cn('text-xs tabular-nums', value.length > max ? 'text-rose-600' : 'text-slate-400')}>
          {count(value.length)} / {count(max)}
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
  const { value } = field;
  const used = slotsOf(value);
  const missing = new Set(slotsWithoutField);
  const formless = keys.length === 0;

  return (
    <FormItem className="space-y-2">
      <PromptInput field={field} slots={slots} spec={TEMPLATE_PROMPT} placeholder={'为{product}设计一张春节促销海报，画面风格：{style}。\n标题使用简体中文，醒目易读。'} />
      <FormMessage />
      <FormDescription className="leading-5">
        Write <code className="font-mono text-slate-700">{'{key}'}</code> where a field’s value goes; <code className="font-mono text-slate-700">{'{{'}</code> and{' '}
        <code className="font-mono text-slate-700">{'}}'}</code> write a literal brace.
        {formless && (
          <>
            {' '}
            Without fields, <code className="font-mono text-slate-700">{'{input}'}</code> takes the caller’s sentence.
          </>
        )}
      </FormDescription>

      {used.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5" aria-label="Slots in the prompt" role="group">
          <span className="text-xs font-medium text-slate-500">Slots</span>
          {used.map((s) => (
            <span
              key={s}
              className={cn(
                'rounded-md px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset',
                missing.has(s) ? 'bg-rose-50 text-rose-700 ring-rose-200' : 'bg-emerald-50 text-emerald-800 ring-emerald-200',
              )}
              title={missing.has(s) ? 'No field fills this slot' : formless && s === SENTENCE_SLOT ? 'Takes the caller’s sentence' : 'Filled by its field'}
            >
              {`{${s}}`}
            </span>
          ))}
        </div>
      )}

      {(slotsWithoutField.length > 0 || unusedFields.length > 0) && (
        <ul aria-live="polite" data-testid="contract-hints" className="space-y-1.5 rounded-lg bg-amber-50 px-3 py-2.5 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80">
          {slotsWithoutField.map((s) => (
            <li key={`slot-${s}`} className="flex items-start gap-1.5">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0 text-amber-600" />
              <span>
                <code className="font-mono font-semibold">{`{${s}}`}</code> has no field
                {formless && s !== SENTENCE_SLOT ? ' (a template without fields may only use {input})' : ''}.{' '}
                <button type="button" onClick={() => onAddField(s)} className={hintButton}>
                  Add field “{s}”
                </button>
              </span>
            </li>
          ))}
          {unusedFields.map((k) => (
            <li key={`field-${k}`} className="flex items-start gap-1.5">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0 text-amber-600" />
              <span>
                Field <code className="font-mono font-semibold">{k}</code> is not used in the prompt.{' '}
                <button type="button" onClick={() => slots.insert(k)} className={hintButton}>
                  Insert {`{${k}}`}
                </button>
              </span>
            </li>
          ))}
          <li className="text-amber-800/80">The server refuses to save until every slot has a field and every field is used.</li>
        </ul>
      )}
    </FormItem>
  );
}

const hintButton =
  'rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';
