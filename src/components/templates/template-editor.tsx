'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { trpc } from '@/trpc/react';
import { ArrowLeftIcon, ArrowRightIcon, CheckIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button, buttonClasses } from '../ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { cn } from '../ui/cn';
import { CopyButton } from '../ui/copy-button';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Select } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { Textarea } from '../ui/textarea';
import { ActivationButton } from './activation-button';
import { FieldsBuilder, newField } from './fields-builder';
import { contractGaps, fieldProblems } from './fill';
import { PlusGlyph, TrashGlyph } from './glyphs';
import {
  actionFor,
  COMMON_RATIOS,
  draftProblems,
  emptyDraft,
  fieldSpecs,
  FORMATS,
  KINDS,
  kindNoun,
  MAX_SAMPLE_IMAGES,
  MAX_VIDEO_CONFIGS,
  newUid,
  storeHref,
  templateBody,
  videoBody,
  type AnyTemplate,
  type ArticleFormat,
  type Draft,
  type TemplateKind,
} from './model';
import { PromptEditor } from './prompt-editor';
import { PromptPreview } from './prompt-preview';
import { SampleImage } from './sample-image';
import { TemplateBadges } from './template-badges';

interface TemplateEditorProps {
  /** The template being edited; absent to create one. */
  template?: AnyTemplate;
  initial: Draft;
}

/** Only whole http(s) addresses are previewed, so half-typed ones are not requested. */
const previewable = (url: string) => (/^https?:\/\/[^\s/]+\/\S+$/.test(url.trim()) ? url.trim() : null);

/** Ids of the hint and error lines a Field renders under its input. */
const describedBy = (id: string) => `${id}-hint ${id}-error`;

/** The body a save would send, to tell whether the draft has unsaved changes. */
const bodyOf = (d: Draft) => JSON.stringify(d.kind === 'video' ? videoBody(d) : templateBody(d));

/** Creates or edits an image, article or video template, with a live preview beside the form. */
export function TemplateEditor({ template, initial }: TemplateEditorProps) {
  const creating = !template;
  const router = useRouter();
  const utils = trpc.useUtils();
  const ids = {
    name: useId(),
    slug: useId(),
    description: useId(),
    category: useId(),
    domain: useId(),
    ratio: useId(),
    templateType: useId(),
    prompt: useId(),
    cover: useId(),
    video: useId(),
  };
  const [draft, setDraft] = useState<Draft>(initial);
  const [baseline, setBaseline] = useState(() => bodyOf(initial));
  const [showProblems, setShowProblems] = useState(false);
  const [focusUid, setFocusUid] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const promptTouched = useRef(false);

  const create = trpc.templates.create.useMutation();
  const update = trpc.templates.update.useMutation();
  const createVideo = trpc.templates.createVideo.useMutation();
  const updateVideo = trpc.templates.updateVideo.useMutation();
  const mutations = [create, update, createVideo, updateVideo];
  const pending = mutations.some((m) => m.isPending);
  const serverError = mutations.find((m) => m.error)?.error?.message ?? null;

  const kind = draft.kind;
  const dirty = bodyOf(draft) !== baseline || (creating && draft.slug.trim() !== '');
  const specs = useMemo(() => fieldSpecs(draft.fields), [draft.fields]);
  const gaps = contractGaps(draft.prompt_template, specs);
  const problems = draftProblems(draft, creating);
  const fieldIssues = fieldProblems(specs);
  const shown = showProblems ? problems : {};

  // Leaving with unsaved changes asks first (reloads and closing the tab).
  useEffect(() => {
    if (!dirty || pending) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, pending]);

  function change(patch: Partial<Draft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setSaved(false);
    for (const m of mutations) if (m.error) m.reset();
  }

  function switchKind(next: TemplateKind) {
    const fresh = emptyDraft(next);
    change({
      kind: next,
      domain: next === 'video' ? '' : draft.domain,
      ratio: fresh.ratio,
      template_type: '',
      format: '',
      sample_images: next === 'image' ? draft.sample_images : [],
      sample_cover_image: next === 'video' ? draft.sample_cover_image : '',
      sample_video_url: next === 'video' ? draft.sample_video_url : '',
      generation_configs: fresh.generation_configs,
    });
  }

  /** Puts `{key}` at the prompt's cursor (or at its end before it was ever focused). */
  function insertSlot(key: string) {
    const el = document.getElementById(ids.prompt);
    if (!(el instanceof HTMLTextAreaElement) || key === '') return;
    const token = `{${key}}`;
    const value = draft.prompt_template;
    const start = promptTouched.current ? el.selectionStart : value.length;
    const end = promptTouched.current ? el.selectionEnd : value.length;
    change({ prompt_template: value.slice(0, start) + token + value.slice(end) });
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(start + token.length, start + token.length);
    });
  }

  function addField(key?: string) {
    const field = newField(draft.fields, key);
    change({ fields: [...draft.fields, field] });
    setFocusUid(field.uid);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    if (pending) return;
    setShowProblems(true);
    if (Object.keys(problems).length > 0 || fieldIssues.size > 0) {
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[data-template-editor] [aria-invalid="true"]')?.focus());
      return;
    }
    const slug = draft.slug.trim();
    try {
      if (creating) {
        const answer =
          kind === 'video'
            ? await createVideo.mutateAsync({ ...(slug ? { slug } : {}), ...videoBody(draft) })
            : await create.mutateAsync({ type: kind, ...(slug ? { slug } : {}), ...templateBody(draft) });
        setBaseline(bodyOf(draft));
        await invalidate();
        router.push(`${storeHref(kind, 'mine')}&created=${encodeURIComponent(answer.template.slug)}`);
        return;
      }
      // Activation has its own button (with a confirmation); a save never changes it.
      if (kind === 'video') {
        const { active: _active, ...body } = videoBody(draft);
        await updateVideo.mutateAsync({ id: template.id, ...body });
      } else {
        const { active: _active, ...body } = templateBody(draft);
        await update.mutateAsync({ id: template.id, ...body });
      }
      setBaseline(bodyOf(draft));
      setSaved(true);
      await invalidate();
    } catch {
      // The mutation keeps the error; it is shown above the save button.
    }
  }

  const invalidate = () => Promise.all([utils.templates.list.invalidate(), utils.templates.listVideo.invalidate()]);
  const use = template && actionFor(template);
  const problemCount = Object.keys(problems).length + fieldIssues.size;

  return (
    <div className="space-y-6">
      <Link
        href={storeHref(kind, template ? template.source : 'all')}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <ArrowLeftIcon className="size-4" />
        Templates
      </Link>

      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <p className="text-sm font-medium text-indigo-600">{creating ? 'New template' : `Edit ${kindNoun(kind)}`}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">
            {creating ? 'Create a template' : template.zh_name}
          </h1>
          {template && (
            <div className="mt-3 flex flex-wrap items-center gap-2">
              <TemplateBadges t={template} />
              <code className="max-w-full truncate rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">{template.slug}</code>
              <CopyButton value={template.slug} label="slug" />
            </div>
          )}
        </div>
        {template && (
          <div className="flex flex-wrap items-center gap-2">
            {use && template.active && (
              <Link href={use.href} className={buttonClasses('secondary', 'md')}>
                {use.label}
                <ArrowRightIcon className="size-4" />
              </Link>
            )}
            <ActivationButton template={template} size="md" />
          </div>
        )}
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <form onSubmit={save} noValidate className="min-w-0 space-y-6" data-template-editor aria-label={creating ? 'New template' : 'Edit template'}>
          <Card>
            <CardHeader>
              <CardTitle>Basics</CardTitle>
              <CardDescription>How the template is listed for your team and API callers.</CardDescription>
            </CardHeader>
            <CardBody className="space-y-5">
              {creating && (
                <Segmented
                  legend="Type"
                  name="template-kind"
                  value={kind}
                  onChange={switchKind}
                  options={KINDS.map((k) => ({ value: k.value, label: k.label }))}
                  description={
                    kind === 'image'
                      ? 'Fills the prompt of an image generation (Playground, POST /api/generate).'
                      : kind === 'article'
                        ? 'Fills the brief of a piece of copy (POST /api/article).'
                        : 'A video recipe with its sizes and sample.'
                  }
                />
              )}

              <Field id={ids.name} label="Name" error={shown.zh_name} hint="Shown in lists and to callers, e.g. 春节促销海报.">
                <Input
                  id={ids.name}
                  aria-describedby={describedBy(ids.name)}
                  value={draft.zh_name}
                  onChange={(e) => change({ zh_name: e.target.value })}
                  maxLength={100}
                  autoComplete="off"
                  aria-invalid={shown.zh_name ? true : undefined}
                />
              </Field>

              <Field
                id={ids.slug}
                  aria-describedby={describedBy(ids.slug)}
                label="Slug"
                optional={creating}
                error={shown.slug}
                hint={
                  creating
                    ? `Callers use it to pick the template. Leave blank to generate one (${kind === 'image' ? 'img' : kind === 'article' ? 'art' : 'vid'}-…). It cannot change later.`
                    : 'A template keeps its slug.'
                }
              >
                <Input
                  id={ids.slug}
                  value={draft.slug}
                  onChange={(e) => change({ slug: e.target.value.toLowerCase() })}
                  readOnly={!creating}
                  disabled={!creating}
                  maxLength={80}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={creating ? 'spring-sale-poster' : undefined}
                  aria-invalid={shown.slug ? true : undefined}
                  className="font-mono"
                />
              </Field>

              <Field id={ids.description} label="Description" optional>
                <Textarea
                  id={ids.description}
                  aria-describedby={describedBy(ids.description)}
                  rows={2}
                  value={draft.description}
                  onChange={(e) => change({ description: e.target.value })}
                  maxLength={500}
                  className="resize-y"
                />
              </Field>

              <div className={cn('grid grid-cols-1 gap-5', kind !== 'video' && 'sm:grid-cols-2')}>
                <Field id={ids.category} label="Category" optional>
                  <Input
                    id={ids.category}
                  aria-describedby={describedBy(ids.category)}
                    value={draft.category}
                    onChange={(e) => change({ category: e.target.value })}
                    maxLength={50}
                    placeholder="e.g. 海报"
                  />
                </Field>
                {kind !== 'video' && (
                  <Field id={ids.domain} label="Domain" optional>
                    <Input id={ids.domain} value={draft.domain} onChange={(e) => change({ domain: e.target.value })} maxLength={50} placeholder="e.g. ecommerce" />
                  </Field>
                )}
              </div>

              {kind === 'image' && (
                <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
                  <Field id={ids.ratio} label="Aspect ratio" error={shown.ratio} hint="Used when a request gives none.">
                    <Select id={ids.ratio} aria-describedby={describedBy(ids.ratio)} value={draft.ratio} onChange={(e) => change({ ratio: e.target.value })}>
                      <option value="">Caller chooses</option>
                      {[...new Set([...COMMON_RATIOS, ...(draft.ratio ? [draft.ratio] : [])])].map((r) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </Select>
                  </Field>
                  <Field id={ids.templateType} label="Template type" optional hint="Free text, e.g. text2img or img2img.">
                    <Input
                      id={ids.templateType}
                  aria-describedby={describedBy(ids.templateType)}
                      value={draft.template_type}
                      onChange={(e) => change({ template_type: e.target.value })}
                      maxLength={40}
                      list={`${ids.templateType}-list`}
                      autoComplete="off"
                    />
                    <datalist id={`${ids.templateType}-list`}>
                      <option value="text2img" />
                      <option value="img2img" />
                    </datalist>
                  </Field>
                </div>
              )}

              {kind === 'article' && <FormatPicker value={draft.format} onChange={(format) => change({ format })} error={shown.format} />}
            </CardBody>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>Prompt and form</CardTitle>
              <CardDescription>Studio fills the prompt from the form on the server; callers never see the prompt of a gated template.</CardDescription>
            </CardHeader>
            <CardBody className="space-y-6">
              <PromptEditor
                id={ids.prompt}
                value={draft.prompt_template}
                onChange={(prompt_template) => {
                  promptTouched.current = true;
                  change({ prompt_template });
                }}
                keys={specs.map((f) => f.key)}
                slotsWithoutField={gaps.slotsWithoutField}
                unusedFields={gaps.unusedFields}
                onAddField={addField}
                onInsert={insertSlot}
                error={shown.prompt_template}
              />
              <div
                className="space-y-3 border-t border-slate-100 pt-5"
                onFocus={(e) => {
                  if (e.target.id === ids.prompt) promptTouched.current = true;
                }}
              >
                <div>
                  <h3 className="text-sm font-semibold text-slate-900">Form fields</h3>
                  <p className="mt-0.5 text-sm text-slate-500">Each field fills the slot of its key. Move them to set the order callers see.</p>
                </div>
                <FieldsBuilder
                  fields={draft.fields}
                  onChange={(fields) => change({ fields })}
                  unused={new Set(gaps.unusedFields)}
                  onInsert={insertSlot}
                  onAdd={() => addField()}
                  focusUid={focusUid}
                  showMissing={showProblems}
                />
              </div>
            </CardBody>
          </Card>

          {kind === 'image' && <SampleImages draft={draft} change={change} />}
          {kind === 'video' && <VideoMedia draft={draft} change={change} ids={ids} problems={shown} />}

          <Card>
            <CardHeader>
              <CardTitle>Access</CardTitle>
            </CardHeader>
            <CardBody className="space-y-5">
              <ToggleRow
                label="Gated"
                checked={draft.gated}
                onChange={(gated) => change({ gated })}
                description="Other workspaces see only the name, description and samples; the prompt and form come with a claim code. Your workspace always sees everything."
              />
              {creating ? (
                <ToggleRow
                  label="Active"
                  checked={draft.active}
                  onChange={(active) => change({ active })}
                  description="Inactive templates stay listed for you but cannot be used until you reactivate them."
                />
              ) : (
                <p className="text-sm text-slate-600">
                  Status: <span className="font-medium text-slate-900">{template.active ? 'Active' : 'Inactive'}</span>. Deactivate or reactivate it with
                  the button at the top of the page.
                </p>
              )}
            </CardBody>
          </Card>

          <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
            {serverError && (
              <ErrorAlert className="mb-3" data-testid="save-error">
                {serverError}
              </ErrorAlert>
            )}
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0 flex-1 text-xs text-slate-500 sm:text-sm" aria-live="polite">
                {showProblems && problemCount > 0 ? (
                  <span className="text-rose-700">Fix the highlighted {problemCount === 1 ? 'entry' : 'entries'} first.</span>
                ) : saved && !dirty ? (
                  <span className="inline-flex items-center gap-1.5 text-emerald-700">
                    <CheckIcon className="size-4" /> Changes saved
                  </span>
                ) : dirty ? (
                  'Unsaved changes'
                ) : creating ? (
                  'Not saved yet'
                ) : (
                  'No changes'
                )}
              </p>
              <div className="flex shrink-0 justify-end gap-2">
                <Link href={storeHref(kind, template ? template.source : 'all')} className={buttonClasses('ghost', 'md', 'px-3')}>
                  {creating ? 'Cancel' : 'Back'}
                </Link>
                <Button type="submit" disabled={pending} className="whitespace-nowrap sm:min-w-32">
                  {pending ? (
                    <>
                      <Spinner /> Saving…
                    </>
                  ) : creating ? (
                    'Create template'
                  ) : (
                    'Save changes'
                  )}
                </Button>
              </div>
            </div>
          </div>
        </form>

        <aside className="min-w-0 lg:sticky lg:top-6" aria-label="Preview">
          <PromptPreview prompt={draft.prompt_template} fields={specs} />
        </aside>
      </div>
    </div>
  );
}

interface FieldProps {
  id: string;
  label: string;
  optional?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}

/** A labelled input with its hint or error, tied together for screen readers by id. */
function Field({ id, label, optional, hint, error, children }: FieldProps) {
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {optional && <span className="text-xs text-slate-400">Optional</span>}
      </div>
      {children}
      {error ? (
        <p id={`${id}-error`} className="text-xs text-rose-600">
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** The copy format as four radio cards, each with what the copy contains. */
function FormatPicker({ value, onChange, error }: { value: ArticleFormat | ''; onChange: (f: ArticleFormat) => void; error?: string }) {
  const id = useId();
  return (
    <fieldset className="min-w-0" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1.5 block text-sm font-medium text-slate-700">Format</legend>
      <div className="grid grid-cols-2 gap-2 xl:grid-cols-4">
        {FORMATS.map((f) => (
          <label key={f.value} className="relative block cursor-pointer">
            <input
              type="radio"
              name={`${id}-format`}
              value={f.value}
              checked={value === f.value}
              onChange={() => onChange(f.value)}
              aria-label={f.label}
              aria-describedby={`${id}-${f.value}`}
              // Transparent over the card, so the radio itself takes clicks and shows focus through its sibling.
              className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none opacity-0"
            />
            <span
              className={cn(
                'flex h-full flex-col gap-0.5 rounded-xl bg-white px-3 py-2.5 ring-1 ring-inset transition-colors',
                'peer-checked:bg-indigo-50/70 peer-checked:ring-2 peer-checked:ring-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600',
                error ? 'ring-rose-300' : 'ring-slate-300 hover:ring-slate-400',
              )}
            >
              <span className="text-sm font-medium text-slate-900">{f.label}</span>
              <span id={`${id}-${f.value}`} className="text-xs leading-5 text-slate-500">
                {f.hint}
              </span>
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-xs text-rose-600">
          {error}
        </p>
      ) : (
        <p className="mt-1.5 text-xs text-slate-500">The shape of the copy Studio returns; required for article templates.</p>
      )}
    </fieldset>
  );
}

function ToggleRow({ label, description, checked, onChange }: { label: string; description: string; checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-900">
          {label}
        </p>
        <p className="mt-0.5 text-sm text-slate-500">{description}</p>
      </div>
      <Switch checked={checked} onChange={onChange} label={label} className="mt-0.5" />
    </div>
  );
}

function SampleImages({ draft, change }: { draft: Draft; change: (patch: Partial<Draft>) => void }) {
  const baseId = useId();
  const list = draft.sample_images;
  const set = (uid: string, url: string) => change({ sample_images: list.map((s) => (s.uid === uid ? { ...s, url } : s)) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sample images</CardTitle>
        <CardDescription>Up to {MAX_SAMPLE_IMAGES} http(s) image URLs; the first one is the template’s picture in the store.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-3">
        {list.length === 0 && <p className="text-sm text-slate-500">No samples: the store shows a placeholder.</p>}
        <ol className="space-y-3">
          {list.map((s, i) => (
            <li key={s.uid} className="flex items-end gap-3">
              <SampleImage src={previewable(s.url)} name={draft.zh_name || '样'} kind="image" small className="size-12 shrink-0 rounded-lg ring-1 ring-slate-200" />
              <div className="min-w-0 flex-1 space-y-1.5">
                <Label htmlFor={`${baseId}-${s.uid}`}>Sample image {i + 1}</Label>
                <Input
                  id={`${baseId}-${s.uid}`}
                  type="url"
                  inputMode="url"
                  value={s.url}
                  onChange={(e) => set(s.uid, e.target.value)}
                  placeholder="https://…"
                  maxLength={2048}
                  className="font-mono text-xs"
                />
              </div>
              <button
                type="button"
                onClick={() => change({ sample_images: list.filter((x) => x.uid !== s.uid) })}
                aria-label={`Remove sample image ${i + 1}`}
                title="Remove"
                className="grid size-10 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <TrashGlyph className="size-4" />
              </button>
            </li>
          ))}
        </ol>
        <Button
          variant="secondary"
          size="sm"
          disabled={list.length >= MAX_SAMPLE_IMAGES}
          onClick={() => change({ sample_images: [...list, { uid: newUid(), url: '' }] })}
        >
          <PlusGlyph className="size-4" />
          Add sample image
        </Button>
      </CardBody>
    </Card>
  );
}

function VideoMedia({
  draft,
  change,
  ids,
  problems,
}: {
  draft: Draft;
  change: (patch: Partial<Draft>) => void;
  ids: { cover: string; video: string };
  problems: Record<string, string>;
}) {
  const baseId = useId();
  const rows = draft.generation_configs;
  const set = (uid: string, patch: Partial<(typeof rows)[number]>) => change({ generation_configs: rows.map((r) => (r.uid === uid ? { ...r, ...patch } : r)) });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Sample and sizes</CardTitle>
        <CardDescription>The cover picture and sample clip shown in the store, and the sizes the template makes.</CardDescription>
      </CardHeader>
      <CardBody className="space-y-5">
        <div className="flex items-end gap-3">
          <SampleImage src={previewable(draft.sample_cover_image)} name={draft.zh_name || '视'} kind="video" small className="size-12 shrink-0 rounded-lg ring-1 ring-slate-200" />
          <div className="min-w-0 flex-1">
            <Field id={ids.cover} label="Cover image URL" optional>
              <Input
                id={ids.cover}
                  aria-describedby={describedBy(ids.cover)}
                type="url"
                inputMode="url"
                value={draft.sample_cover_image}
                onChange={(e) => change({ sample_cover_image: e.target.value })}
                placeholder="https://…"
                maxLength={2048}
                className="font-mono text-xs"
              />
            </Field>
          </div>
        </div>
        <Field id={ids.video} label="Sample video URL" optional>
          <Input
            id={ids.video}
                  aria-describedby={describedBy(ids.video)}
            type="url"
            inputMode="url"
            value={draft.sample_video_url}
            onChange={(e) => change({ sample_video_url: e.target.value })}
            placeholder="https://…"
            maxLength={2048}
            className="font-mono text-xs"
          />
        </Field>

        <fieldset className="min-w-0 space-y-3">
          <legend className="text-sm font-medium text-slate-700">Sizes</legend>
          <p className="-mt-1 text-xs text-slate-500">At least one aspect ratio with its length in whole seconds (1–60).</p>
          <ol className="space-y-2">
            {rows.map((r, i) => {
              const ratioError = problems[`generation_configs.${i}.ratio`];
              const durationError = problems[`generation_configs.${i}.duration`];
              return (
                <li key={r.uid} className="rounded-xl bg-slate-50/70 p-3 ring-1 ring-inset ring-slate-200/70">
                  <div className="flex flex-wrap items-end gap-3">
                    <div className="min-w-28 flex-1 space-y-1.5">
                      <Label htmlFor={`${baseId}-${r.uid}-ratio`}>Ratio {i + 1}</Label>
                      <Select id={`${baseId}-${r.uid}-ratio`} value={r.ratio} onChange={(e) => set(r.uid, { ratio: e.target.value })}>
                        {!COMMON_RATIOS.includes(r.ratio) && <option value={r.ratio}>{r.ratio || 'Choose…'}</option>}
                        {COMMON_RATIOS.map((x) => (
                          <option key={x} value={x}>
                            {x}
                          </option>
                        ))}
                      </Select>
                    </div>
                    <div className="w-32 space-y-1.5">
                      <Label htmlFor={`${baseId}-${r.uid}-duration`}>Seconds {i + 1}</Label>
                      <Input
                        id={`${baseId}-${r.uid}-duration`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={60}
                        step={1}
                        value={r.duration}
                        onChange={(e) => set(r.uid, { duration: e.target.value })}
                        aria-invalid={durationError ? true : undefined}
                        className="tabular-nums"
                      />
                    </div>
                    <button
                      type="button"
                      onClick={() => change({ generation_configs: rows.filter((x) => x.uid !== r.uid) })}
                      disabled={rows.length === 1}
                      aria-label={`Remove size ${i + 1}`}
                      title={rows.length === 1 ? 'A video template needs at least one size' : 'Remove'}
                      className="grid size-10 shrink-0 place-items-center rounded-lg text-slate-500 hover:bg-rose-50 hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent"
                    >
                      <TrashGlyph className="size-4" />
                    </button>
                  </div>
                  {(ratioError || durationError) && <p className="mt-1.5 text-xs text-rose-600">{ratioError ?? durationError}</p>}
                </li>
              );
            })}
          </ol>
          {problems.generation_configs && <p className="text-xs text-rose-600">{problems.generation_configs}</p>}
          <Button
            variant="secondary"
            size="sm"
            disabled={rows.length >= MAX_VIDEO_CONFIGS}
            onClick={() => change({ generation_configs: [...rows, { uid: newUid(), ratio: '16:9', duration: '5' }] })}
          >
            <PlusGlyph className="size-4" />
            Add size
          </Button>
        </fieldset>
      </CardBody>
    </Card>
  );
}
