'use client';

import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FieldsBuilder, newField } from '@/components/templates/fields-builder';
import { fieldProblems, MAX_FIELDS } from '@/components/templates/fill';
import { fieldSpecs } from '@/components/templates/model';
import { trpc } from '@/trpc/react';
import { ArrowLeftIcon, InfoIcon, WarningIcon } from '../../icons';
import { ErrorAlert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../../ui/card';
import { cn } from '../../ui/cn';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Input } from '../../ui/input';
import { Label } from '../../ui/label';
import { Spinner } from '../../ui/spinner';
import { Switch } from '../../ui/switch';
import { Textarea } from '../../ui/textarea';
import {
  GENRES,
  SKILL_RATIOS,
  skillBody,
  skillDraftProblems,
  slotReport,
  type OperatorSkill,
  type SkillDraft,
} from './model';

const MAX_PROMPT = 8000;

interface SkillEditorProps {
  /** The skill being edited; absent to create one. */
  skill?: OperatorSkill;
  initial: SkillDraft;
  /** Saving would turn a catalogue skill into an operator one and the operator has not agreed yet. */
  warnOwnership: boolean;
  onAcknowledge: () => void;
  onSaved: (skill: OperatorSkill) => void;
  onClose: () => void;
}

/** Creates or replaces a skill through `skill-upsert`; the server's refusal is shown as it is. */
export function SkillEditor({ skill, initial, warnOwnership, onAcknowledge, onSaved, onClose }: SkillEditorProps) {
  const creating = !skill;
  const ids = { name: useId(), slug: useId(), description: useId(), genre: useId(), ratio: useId(), thumb: useId(), prompt: useId() };
  const [draft, setDraft] = useState<SkillDraft>(initial);
  const [showProblems, setShowProblems] = useState(false);
  const [focusUid, setFocusUid] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const promptTouched = useRef(false);
  const upsert = trpc.admin.action.useMutation();

  const specs = fieldSpecs(draft.fields);
  const report = slotReport(draft.prompt, draft.sentence ? null : specs);
  const problems = skillDraftProblems(draft, creating);
  const fieldIssues = draft.sentence ? new Map() : fieldProblems(specs);
  const shown = showProblems ? problems : {};
  const problemCount = Object.keys(problems).length + fieldIssues.size;

  function change(patch: Partial<SkillDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    if (upsert.error) upsert.reset();
  }

  function setSentence(sentence: boolean) {
    if (!sentence && draft.fields.length === 0) {
      const field = newField([]);
      change({ sentence, fields: [field] });
      setFocusUid(field.uid);
    } else change({ sentence });
  }

  /** Puts `{key}` at the prompt's cursor (or at its end before it was ever focused). */
  function insertSlot(key: string) {
    const el = document.getElementById(ids.prompt);
    if (!(el instanceof HTMLTextAreaElement) || key === '') return;
    const token = `{${key}}`;
    const value = draft.prompt;
    const start = promptTouched.current ? el.selectionStart : value.length;
    const end = promptTouched.current ? el.selectionEnd : value.length;
    change({ prompt: value.slice(0, start) + token + value.slice(end) });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function addField() {
    const field = newField(draft.fields);
    change({ fields: [...draft.fields, field] });
    setFocusUid(field.uid);
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (upsert.isPending) return;
    setShowProblems(true);
    if (problemCount > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-skill-editor] [aria-invalid="true"]')?.focus());
      return;
    }
    if (warnOwnership) setConfirming(true);
    else void save();
  }

  async function save() {
    try {
      const answer = await upsert.mutateAsync({ action: 'skill-upsert', ...skillBody(draft) });
      setConfirming(false);
      if (answer.skill) onSaved(answer.skill as OperatorSkill);
    } catch {
      // The mutation keeps the error; it is shown above the save button.
      setConfirming(false);
    }
  }

  return (
    <div className="space-y-6">
      <button
        type="button"
        onClick={onClose}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeftIcon className="size-4" />
        All skills
      </button>

      <header>
        <p className="text-sm font-medium text-indigo-600">{creating ? 'New skill' : 'Edit skill'}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
          {creating ? 'Create a skill' : skill.zh_name}
        </h1>
        {skill && <code className="mt-2 inline-block rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{skill.slug}</code>}
      </header>

      {skill?.origin === 'catalog' && (
        <p className="flex max-w-3xl items-start gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-inset ring-sky-200" data-testid="catalog-note">
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-sky-600" />
          This skill ships with Studio’s catalogue. Saving it here makes it operator-owned: later catalogue updates no longer change it.
        </p>
      )}

      <form onSubmit={submit} noValidate className="min-w-0 max-w-4xl space-y-6" data-skill-editor aria-label={creating ? 'New skill' : 'Edit skill'}>
        <Card>
          <CardHeader>
            <CardTitle>Basics</CardTitle>
            <CardDescription>How tenants see the skill in GET /api/skills and pick it by slug.</CardDescription>
          </CardHeader>
          <CardBody className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <Field id={ids.name} label="Name" error={shown.zh_name} hint="Shown to callers, e.g. 电商白底主图.">
              <Input
                id={ids.name}
                value={draft.zh_name}
                onChange={(e) => change({ zh_name: e.target.value })}
                maxLength={100}
                autoComplete="off"
                aria-invalid={shown.zh_name ? true : undefined}
                aria-describedby={describedBy(ids.name)}
              />
            </Field>
            <Field
              id={ids.slug}
              label="Slug"
              error={shown.slug}
              hint={creating ? '2–80 characters of a–z, 0–9 and -. It cannot change later.' : 'A skill keeps its slug.'}
            >
              <Input
                id={ids.slug}
                value={draft.slug}
                onChange={(e) => change({ slug: e.target.value.toLowerCase() })}
                readOnly={!creating}
                disabled={!creating}
                required={creating}
                pattern="[a-z0-9][a-z0-9\-]{1,79}"
                maxLength={80}
                autoComplete="off"
                spellCheck={false}
                placeholder={creating ? 'spring-poster' : undefined}
                aria-invalid={shown.slug ? true : undefined}
                aria-describedby={describedBy(ids.slug)}
                className="font-mono"
              />
            </Field>
            <Field id={ids.description} label="Description" error={shown.description} className="sm:col-span-2">
              <Textarea
                id={ids.description}
                rows={2}
                value={draft.description}
                onChange={(e) => change({ description: e.target.value })}
                maxLength={500}
                aria-invalid={shown.description ? true : undefined}
                aria-describedby={describedBy(ids.description)}
                className="resize-y"
              />
            </Field>
            <Field id={ids.genre} label="Genre" error={shown.genre}>
              <Input
                id={ids.genre}
                value={draft.genre}
                onChange={(e) => change({ genre: e.target.value })}
                maxLength={50}
                list={`${ids.genre}-list`}
                autoComplete="off"
                placeholder="ecommerce"
                aria-invalid={shown.genre ? true : undefined}
                aria-describedby={describedBy(ids.genre)}
              />
              <datalist id={`${ids.genre}-list`}>
                {GENRES.map((g) => (
                  <option key={g} value={g} />
                ))}
              </datalist>
            </Field>
            <Field id={ids.ratio} label="Aspect ratio" error={shown.ratio} hint="W:H; used when a request gives none.">
              <Input
                id={ids.ratio}
                value={draft.ratio}
                onChange={(e) => change({ ratio: e.target.value.replace(/\s/g, '') })}
                maxLength={7}
                list={`${ids.ratio}-list`}
                autoComplete="off"
                aria-invalid={shown.ratio ? true : undefined}
                aria-describedby={describedBy(ids.ratio)}
                className="font-mono"
              />
              <datalist id={`${ids.ratio}-list`}>
                {SKILL_RATIOS.map((r) => (
                  <option key={r} value={r} />
                ))}
              </datalist>
            </Field>
            <div className="space-y-1.5 sm:col-span-2">
              <Label htmlFor={ids.thumb}>Thumbnail</Label>
              <div className="flex items-start gap-3">
                <Thumb src={draft.thumb} />
                <div className="min-w-0 flex-1 space-y-1.5">
                  <Input
                    id={ids.thumb}
                    value={draft.thumb}
                    onChange={(e) => change({ thumb: e.target.value })}
                    maxLength={2048}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="/thumbs/skills/spring-poster.svg"
                    aria-invalid={shown.thumb ? true : undefined}
                    aria-describedby={describedBy(ids.thumb)}
                    className="font-mono"
                  />
                  <Hint id={ids.thumb} error={shown.thumb} hint="An http(s) URL or a path Studio serves, such as /thumbs/skills/x.svg." />
                </div>
              </div>
            </div>
            <ToggleRow
              label="Needs image"
              checked={draft.ref_required}
              onChange={(ref_required) => change({ ref_required })}
              description="Callers must send a reference image (their product or photo)."
            />
            <ToggleRow
              label="Active"
              checked={draft.active}
              onChange={(active) => change({ active })}
              description="Inactive skills are hidden from tenants and cannot be used."
            />
          </CardBody>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>Prompt and form</CardTitle>
            <CardDescription>The prompt never leaves the server; tenants only see the name, description and form.</CardDescription>
          </CardHeader>
          <CardBody className="space-y-6">
            <ToggleRow
              label="One sentence"
              checked={draft.sentence}
              onChange={setSentence}
              description={
                draft.sentence ? (
                  <>
                    Callers send one sentence, which fills <code className="font-mono text-slate-700">{'{input}'}</code>. Switch off to give them a form.
                  </>
                ) : (
                  'Callers fill a form; each field fills the slot of its key.'
                )
              }
            />

            <div className="space-y-2">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={ids.prompt}>Prompt</Label>
                <span className={cn('text-xs tabular-nums', draft.prompt.length > MAX_PROMPT ? 'text-rose-600' : 'text-slate-400')}>
                  {draft.prompt.length} / {MAX_PROMPT}
                </span>
              </div>
              <Textarea
                id={ids.prompt}
                rows={10}
                maxLength={MAX_PROMPT}
                value={draft.prompt}
                onChange={(e) => {
                  promptTouched.current = true;
                  change({ prompt: e.target.value });
                }}
                onFocus={() => (promptTouched.current = true)}
                spellCheck={false}
                placeholder={draft.sentence ? 'Poster for a spring sale: {input}' : 'Poster for {product}, in the style of {style}.'}
                aria-invalid={shown.prompt ? true : undefined}
                aria-describedby={`${ids.prompt}-slots ${describedBy(ids.prompt)}`}
                className="min-h-56 resize-y font-mono text-[13px] leading-6"
              />
              <Hint
                id={ids.prompt}
                error={shown.prompt}
                hint={
                  <>
                    Write <code className="font-mono text-slate-700">{'{key}'}</code> where a value goes; <code className="font-mono text-slate-700">{'{{'}</code> and{' '}
                    <code className="font-mono text-slate-700">{'}}'}</code> write a literal brace.{' '}
                    {draft.sentence ? 'A one-sentence prompt must contain {input}.' : 'Every field’s slot must appear, and no other slot.'}
                  </>
                }
              />
              <SlotList id={`${ids.prompt}-slots`} report={report} sentence={draft.sentence} onInsert={insertSlot} />
            </div>

            {!draft.sentence && (
              <div className="space-y-3 border-t border-slate-100 pt-5">
                <div>
                  <h3 className="text-sm font-semibold text-slate-900">Form fields</h3>
                  <p className="mt-0.5 text-sm text-slate-500">Move them to set the order callers see. At most {MAX_FIELDS}.</p>
                </div>
                <FieldsBuilder
                  fields={draft.fields}
                  onChange={(fields) => change({ fields })}
                  unused={new Set(report.absent)}
                  onInsert={insertSlot}
                  onAdd={addField}
                  focusUid={focusUid}
                  showMissing={showProblems}
                  noun="skill"
                  emptyNote="A form skill needs at least one field. Add one, or switch on One sentence."
                />
              </div>
            )}
          </CardBody>
        </Card>

        <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
          {upsert.error && (
            <ErrorAlert className="mb-3" data-testid="skill-save-error">
              {upsert.error.message}
            </ErrorAlert>
          )}
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 flex-1 text-xs text-slate-500 sm:text-sm" aria-live="polite">
              {showProblems && problemCount > 0 ? (
                <span className="text-rose-700">Fix the highlighted {problemCount === 1 ? 'entry' : 'entries'} first.</span>
              ) : creating ? (
                'Not saved yet'
              ) : (
                'Saving replaces the whole skill.'
              )}
            </p>
            <div className="flex shrink-0 justify-end gap-2">
              <Button variant="ghost" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={upsert.isPending} className="whitespace-nowrap sm:min-w-32">
                {upsert.isPending ? (
                  <>
                    <Spinner /> Saving…
                  </>
                ) : creating ? (
                  'Create skill'
                ) : (
                  'Save skill'
                )}
              </Button>
            </div>
          </div>
        </div>
      </form>

      <ConfirmDialog
        open={confirming}
        title="Make this an operator skill?"
        confirmLabel="Save anyway"
        tone="primary"
        busy={upsert.isPending}
        onConfirm={() => {
          onAcknowledge();
          void save();
        }}
        onCancel={() => setConfirming(false)}
      >
        {skill?.zh_name} ships with Studio’s catalogue, which keeps it in step with its file on every start. Once you save it here it
        becomes operator-owned and the catalogue no longer touches it. You will not be asked again on this page.
      </ConfirmDialog>
    </div>
  );
}

const describedBy = (id: string) => `${id}-hint ${id}-error`;

function Hint({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="text-xs text-rose-600">
      {error}
    </p>
  ) : hint ? (
    <p id={`${id}-hint`} className="text-xs leading-5 text-slate-500">
      {hint}
    </p>
  ) : null;
}

function Field({ id, label, hint, error, className, children }: { id: string; label: string; hint?: ReactNode; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('min-w-0 space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      <Hint id={id} hint={hint} error={error} />
    </div>
  );
}

function ToggleRow({ label, checked, onChange, description }: { label: string; checked: boolean; onChange: (v: boolean) => void; description: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-800">{label}</p>
        <p className="mt-0.5 text-xs leading-5 text-slate-500">{description}</p>
      </div>
      <Switch checked={checked} onChange={onChange} label={label} className="mt-0.5" />
    </div>
  );
}

/** The slots the prompt uses, green when filled, red when nothing fills them; missing ones in amber. */
function SlotList({ id, report, sentence, onInsert }: { id: string; report: ReturnType<typeof slotReport>; sentence: boolean; onInsert: (key: string) => void }) {
  return (
    <div id={id} className="space-y-1.5" data-testid="prompt-slots">
      <div className="flex flex-wrap items-center gap-1.5" role="group" aria-label="Slots in the prompt">
        <span className="text-xs font-medium text-slate-500">Uses</span>
        {report.slots.length === 0 && <span className="text-xs text-slate-400">no slots</span>}
        {report.slots.map((s) => (
          <span
            key={s.key}
            title={s.ok ? undefined : sentence ? 'A one-sentence skill takes only {input}' : 'No field has this key'}
            className={cn(
              'rounded-md px-1.5 py-0.5 font-mono text-xs ring-1 ring-inset',
              s.ok ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-rose-50 text-rose-700 ring-rose-200',
            )}
          >
            {`{${s.key}}`}
            {!s.ok && <span className="sr-only"> (nothing fills it)</span>}
          </span>
        ))}
      </div>
      {report.absent.length > 0 && (
        <p className="flex flex-wrap items-center gap-1.5 text-xs text-amber-800">
          <WarningIcon className="size-3.5 shrink-0" />
          Missing:
          {report.absent.map((k) => (
            <button
              key={k}
              type="button"
              onClick={() => onInsert(k)}
              title={`Insert {${k}} into the prompt`}
              className="rounded-md bg-amber-50 px-1.5 py-0.5 font-mono ring-1 ring-amber-200 ring-inset hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              {`{${k}}`}
            </button>
          ))}
        </p>
      )}
    </div>
  );
}

/** A small preview of the thumbnail; nothing is requested until the address looks complete. */
export function Thumb({ src, size = 'md', alt = '' }: { src: string; size?: 'sm' | 'md'; alt?: string }) {
  const url = src.trim();
  const ok = url.startsWith('/') ? url.length > 1 : /^https?:\/\/[^\s/]+\/\S+$/.test(url);
  return (
    <span className={cn('grid shrink-0 place-items-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-200', size === 'sm' ? 'size-11' : 'size-16')}>
      {ok ? (
        <img src={url} alt={alt} className="size-full object-cover" loading="lazy" />
      ) : (
        <span aria-hidden="true" className="text-[10px] text-slate-400">
          none
        </span>
      )}
    </span>
  );
}
