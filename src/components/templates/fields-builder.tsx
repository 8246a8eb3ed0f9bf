'use client';

import { useEffect, useId, type ReactNode } from 'react';
import { WarningIcon } from '../icons';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Select } from '../ui/select';
import { Switch } from '../ui/switch';
import { fieldProblems, KEY_PATTERN, MAX_FIELDS, type FieldProblem } from './fill';
import { ArrowDownGlyph, ArrowUpGlyph, BracesGlyph, PlusGlyph, TrashGlyph } from './glyphs';
import { newUid, type FieldDraft } from './model';

interface FieldsBuilderProps {
  fields: FieldDraft[];
  onChange: (fields: FieldDraft[]) => void;
  /** Keys of fields the prompt does not use yet. */
  unused: ReadonlySet<string>;
  /** Puts `{key}` into the prompt at its cursor. */
  onInsert: (key: string) => void;
  /** Also name blanks not filled in yet (after a save was tried); wrong values are named at once. */
  showMissing: boolean;
  /** Adds an empty field at the end (the editor focuses its key). */
  onAdd: () => void;
  /** The uid of a field to focus once it is rendered (a field just added). */
  focusUid?: string | null;
  /** Shown instead of the template's note when there are no fields. */
  emptyNote?: ReactNode;
  /** What the fields belong to, for the limit's note ("template" unless told). */
  noun?: string;
}

/** Free key for a new field: field_1, field_2, … */
export function freeKey(fields: readonly FieldDraft[], base = 'field'): string {
  const taken = new Set(fields.map((f) => f.key));
  if (base !== 'field' && !taken.has(base)) return base;
  for (let n = 1; ; n++) if (!taken.has(`${base}_${n}`)) return `${base}_${n}`;
}

export function newField(fields: readonly FieldDraft[], key?: string): FieldDraft {
  return { uid: newUid(), key: key ?? freeKey(fields), label: '', type: 'text', placeholder: '', help: '', required: true, default: '' };
}

/**
 * Edits a template's form: each field has a key (its `{key}` slot), a label, an input type, an
 * optional placeholder and help, and is required or optional with a default. Fields can be added,
 * removed and moved with the keyboard.
 */
export function FieldsBuilder({ fields, onChange, unused, onInsert, onAdd, focusUid, showMissing, emptyNote, noun = 'template' }: FieldsBuilderProps) {
  const problems = fieldProblems(fields);
  const set = (i: number, patch: Partial<FieldDraft>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...fields];
    const [f] = next.splice(i, 1);
    if (f) next.splice(i + by, 0, f);
    onChange(next);
  };

  return (
    <div className="space-y-3">
      {fields.length === 0 && emptyNote !== undefined ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-4 py-5 text-sm leading-6 text-slate-600">{emptyNote}</p>
      ) : fields.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-slate-50/60 px-4 py-5 text-sm leading-6 text-slate-600">
          No fields: callers send <span className="font-medium text-slate-800">one sentence</span>, which fills{' '}
          <code className="inline-code">{'{input}'}</code> or, without that slot, is added after the prompt. Add fields to give callers a form instead.
        </p>
      ) : (
        <ol className="space-y-3">
          {fields.map((f, i) => (
            <li key={f.uid}>
              <FieldCard
                field={f}
                index={i}
                count={fields.length}
                problems={(problems.get(i) ?? []).filter((p) => showMissing || !p.missing)}
                unused={f.key !== '' && unused.has(f.key)}
                autoFocus={f.uid === focusUid}
                onChange={(patch) => set(i, patch)}
                onMove={(by) => move(i, by)}
                onRemove={() => onChange(fields.filter((_, j) => j !== i))}
                onInsert={() => onInsert(f.key)}
              />
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        onClick={onAdd}
        disabled={fields.length >= MAX_FIELDS}
        className="w-full border-dashed sm:w-auto"
      >
        <PlusGlyph className="size-4" />
        Add field
      </Button>
      {fields.length >= MAX_FIELDS && <p className="text-xs text-slate-500">A {noun} takes at most {MAX_FIELDS} fields.</p>}
    </div>
  );
}

interface FieldCardProps {
  field: FieldDraft;
  index: number;
  count: number;
  problems: FieldProblem[];
  unused: boolean;
  autoFocus: boolean;
  onChange: (patch: Partial<FieldDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onInsert: () => void;
}

function FieldCard({ field: f, index, count, problems, unused, autoFocus, onChange, onMove, onRemove, onInsert }: FieldCardProps) {
  const id = useId();
  const name = f.label.trim() || f.key || `field ${index + 1}`;
  const keyInvalid = problems.some((p) => p.on === 'key');
  const labelInvalid = problems.some((p) => p.on === 'label');

  useEffect(() => {
    if (autoFocus) document.getElementById(`${id}-key`)?.focus();
  }, [autoFocus, id]);

  return (
    <fieldset
      className={cn(
        'min-w-0 rounded-xl bg-white p-4 ring-1 ring-inset',
        problems.length > 0 ? 'ring-rose-200' : unused ? 'ring-amber-200' : 'ring-slate-200',
      )}
      aria-describedby={problems.length > 0 || unused ? `${id}-notes` : undefined}
    >
      <legend className="sr-only">Field {index + 1}</legend>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex min-w-0 items-center gap-2">
          <span aria-hidden="true" className="shrink-0 rounded-md bg-slate-100 px-1.5 py-0.5 text-xs font-semibold text-slate-600 tabular-nums">
            Field {index + 1}
          </span>
          <span className="min-w-0 truncate text-sm font-medium text-slate-900" title={f.label}>
            {f.label.trim() || <span className="text-slate-400">Untitled</span>}
          </span>
          {!f.required && <span className="shrink-0 text-xs text-slate-500">optional</span>}
        </div>
        <div className="flex items-center gap-0.5">
          <IconButton label={`Insert {${f.key}} into the prompt`} onClick={onInsert} disabled={f.key === '' || !KEY_PATTERN.test(f.key)}>
            <BracesGlyph className="size-4" />
          </IconButton>
          <IconButton label={`Move ${name} up`} onClick={() => onMove(-1)} disabled={index === 0}>
            <ArrowUpGlyph className="size-4" />
          </IconButton>
          <IconButton label={`Move ${name} down`} onClick={() => onMove(1)} disabled={index === count - 1}>
            <ArrowDownGlyph className="size-4" />
          </IconButton>
          <IconButton label={`Remove ${name}`} onClick={onRemove} tone="danger">
            <TrashGlyph className="size-4" />
          </IconButton>
        </div>
      </div>

      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-key`}>Key</Label>
          <Input
            id={`${id}-key`}
            value={f.key}
            onChange={(e) => onChange({ key: e.target.value.replace(/\s/g, '') })}
            maxLength={64}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={keyInvalid || undefined}
            aria-describedby={`${id}-key-hint`}
            className="font-mono"
          />
          <p id={`${id}-key-hint`} className="text-xs text-slate-500">
            Fills <code className="font-mono text-slate-700">{`{${f.key || 'key'}}`}</code>; letters, digits and _.
          </p>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-label`}>Label</Label>
          <Input
            id={`${id}-label`}
            value={f.label}
            onChange={(e) => onChange({ label: e.target.value })}
            maxLength={100}
            placeholder="e.g. 封面标题"
            aria-invalid={labelInvalid || undefined}
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-type`}>Input type</Label>
          <Select id={`${id}-type`} value={f.type} onChange={(e) => onChange({ type: e.target.value === 'textarea' ? 'textarea' : 'text' })}>
            <option value="text">Single line</option>
            <option value="textarea">Multi-line</option>
          </Select>
        </div>
        <div className="flex items-end">
          <div className="flex h-10 w-full items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 ring-1 ring-inset ring-slate-200/70">
            <span id={`${id}-req`} className="text-sm font-medium text-slate-700">
              Required
            </span>
            <Switch checked={f.required} onChange={(required) => onChange({ required })} label="Required" />
          </div>
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-placeholder`}>Placeholder</Label>
          <Input
            id={`${id}-placeholder`}
            value={f.placeholder}
            onChange={(e) => onChange({ placeholder: e.target.value })}
            maxLength={500}
            placeholder="An example answer"
          />
        </div>
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-help`}>Help</Label>
          <Input id={`${id}-help`} value={f.help} onChange={(e) => onChange({ help: e.target.value })} maxLength={500} placeholder="Shown under the input" />
        </div>
        {!f.required && (
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor={`${id}-default`}>Default</Label>
            <Input
              id={`${id}-default`}
              value={f.default}
              onChange={(e) => onChange({ default: e.target.value })}
              maxLength={2000}
              aria-describedby={`${id}-default-hint`}
            />
            <p id={`${id}-default-hint`} className="text-xs text-slate-500">
              Used when the caller leaves the field blank; empty writes nothing.
            </p>
          </div>
        )}
      </div>

      {(problems.length > 0 || unused) && (
        <div id={`${id}-notes`} className="mt-3 space-y-1">
          {problems.map((p) => (
            <p key={p.message} className="flex items-start gap-1.5 text-xs leading-5 text-rose-700">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0" />
              {p.message}
            </p>
          ))}
          {unused && (
            <p className="flex items-start gap-1.5 text-xs leading-5 text-amber-800">
              <WarningIcon className="mt-[3px] size-3.5 shrink-0" />
              <span>
                Not used in the prompt yet: the server refuses a field without its <code className="font-mono">{`{${f.key}}`}</code> slot.{' '}
                <button
                  type="button"
                  onClick={onInsert}
                  className="rounded font-medium whitespace-nowrap text-indigo-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  Insert {`{${f.key}}`}
                </button>
              </span>
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}

function IconButton({
  label,
  onClick,
  disabled,
  tone,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  tone?: 'danger';
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className={cn(
        'grid size-8 place-items-center rounded-lg text-slate-500 transition-colors focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40',
        tone === 'danger' ? 'hover:bg-rose-50 hover:text-rose-600' : 'hover:bg-slate-100 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}
