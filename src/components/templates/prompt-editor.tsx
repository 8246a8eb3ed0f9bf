'use client';

import { WarningIcon } from '../icons';
import { cn } from '../ui/cn';
import { Label } from '../ui/label';
import { Textarea } from '../ui/textarea';
import { SENTENCE_SLOT, slotsOf } from './fill';

export const MAX_PROMPT = 8000;
const formatNumber = new Intl.NumberFormat('en-US').format;

interface PromptEditorProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Field keys of the form, in order. */
  keys: string[];
  /** Slots the prompt uses without a field of that key. */
  slotsWithoutField: string[];
  /** Field keys the prompt does not use. */
  unusedFields: string[];
  onAddField: (key: string) => void;
  onInsert: (key: string) => void;
  error?: string;
}

/**
 * The prompt template with its slots: which ones a field fills, which have no field yet, and which
 * fields are not used, as the server checks them on save.
 */
export function PromptEditor({ id, value, onChange, keys, slotsWithoutField, unusedFields, onAddField, onInsert, error }: PromptEditorProps) {
  const slots = slotsOf(value);
  const missing = new Set(slotsWithoutField);
  const formless = keys.length === 0;

  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>Prompt template</Label>
        <span className={cn('text-xs tabular-nums', value.length > MAX_PROMPT ? 'text-rose-600' : 'text-slate-400')}>
          {formatNumber(value.length)} / {formatNumber(MAX_PROMPT)}
        </span>
      </div>
      <Textarea
        id={id}
        rows={9}
        maxLength={MAX_PROMPT}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={'为{product}设计一张春节促销海报，画面风格：{style}。\n标题使用简体中文，醒目易读。'}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        className="min-h-48 resize-y leading-7"
        spellCheck={false}
      />
      {error && (
        <p id={`${id}-error`} className="text-xs text-rose-600">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="text-xs leading-5 text-slate-500">
        Write <code className="font-mono text-slate-700">{'{key}'}</code> where a field’s value goes; <code className="font-mono text-slate-700">{'{{'}</code> and{' '}
        <code className="font-mono text-slate-700">{'}}'}</code> write a literal brace.
        {formless && (
          <>
            {' '}
            Without fields, <code className="font-mono text-slate-700">{'{input}'}</code> takes the caller’s sentence.
          </>
        )}
      </p>

      {slots.length > 0 && (
        <div className="flex flex-wrap items-center gap-1.5" aria-label="Slots in the prompt" role="group">
          <span className="text-xs font-medium text-slate-500">Slots</span>
          {slots.map((s) => (
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
                <button type="button" onClick={() => onInsert(k)} className={hintButton}>
                  Insert {`{${k}}`}
                </button>
              </span>
            </li>
          ))}
          <li className="text-amber-800/80">The server refuses to save until every slot has a field and every field is used.</li>
        </ul>
      )}
    </div>
  );
}

const hintButton =
  'rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-600';
