'use client';

import { useId, useState, type FormEvent } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Select } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { ArticleGlyph, PencilGlyph, TrashGlyph, VideoGlyph } from '../templates/glyphs';
import { formatLabel } from '../templates/model';
import { SampleImage } from '../templates/sample-image';
import { TemplateOptions, type Catalog, type TemplateOption } from './options';

type Hook = RouterOutputs['hooks']['list']['hooks'][number];

/** One binding: its two templates, the enabled switch, the note, and edit and delete. */
export function HookRow({ hook, catalog }: { hook: Hook; catalog: Catalog }) {
  const utils = trpc.useUtils();
  const toggle = trpc.hooks.update.useMutation();
  const remove = trpc.hooks.remove.useMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const image = catalog.image.find((t) => t.slug === hook.image_template_slug);
  const target = catalog[hook.hook_type].find((t) => t.slug === hook.hook_template_slug);
  const imageName = image?.name ?? hook.image_template_slug;
  const targetName = target?.name ?? hook.hook_template_slug;
  const typeLabel = hook.hook_type === 'article' ? 'Article' : 'Video';
  // The switch shows the requested state while the change is on its way.
  const enabled = toggle.isPending && toggle.variables?.enabled !== undefined ? toggle.variables.enabled : hook.enabled;

  async function setEnabled(next: boolean) {
    try {
      await toggle.mutateAsync({ id: hook.id, enabled: next });
      await utils.hooks.list.invalidate();
    } catch {
      // Shown under the row.
    }
  }

  async function destroy() {
    try {
      await remove.mutateAsync({ id: hook.id });
      setConfirming(false);
      await utils.hooks.list.invalidate();
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <article
      data-testid="hook-row"
      data-hook-type={hook.hook_type}
      aria-label={`${imageName} → ${typeLabel.toLowerCase()} ${targetName}`}
      className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/80', !hook.enabled && 'bg-slate-50/80')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:flex-col lg:items-stretch xl:flex-row xl:items-center">
        <TemplateChip option={image} slug={hook.image_template_slug} kind="image" />
        <div className="flex shrink-0 items-center gap-1.5 pl-4 text-slate-400 sm:flex-col sm:gap-1 sm:pl-0 lg:flex-row lg:gap-1.5 lg:pl-4 xl:flex-col xl:gap-1 xl:pl-0">
          <ArrowRightIcon className="size-4 rotate-90 sm:rotate-0 lg:rotate-90 xl:rotate-0" />
          <Badge tone={hook.hook_type === 'article' ? 'sky' : 'emerald'} className="gap-1">
            {hook.hook_type === 'article' ? <ArticleGlyph className="size-3" /> : <VideoGlyph className="size-3" />}
            {typeLabel}
          </Badge>
        </div>
        <TemplateChip option={target} slug={hook.hook_template_slug} kind={hook.hook_type} />
      </div>

      {editing ? (
        <EditHook hook={hook} catalog={catalog} onDone={() => setEditing(false)} />
      ) : (
        <>
          {hook.note ? (
            <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-700" data-testid="hook-note">
              {hook.note}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
            <div className="flex items-center gap-2.5">
              <Switch checked={enabled} onChange={(v) => void setEnabled(v)} busy={toggle.isPending} disabled={toggle.isPending} label="Enabled" />
              <span className="text-sm text-slate-600" aria-hidden="true">
                {enabled ? 'Enabled' : 'Disabled'}
              </span>
            </div>
            <div className="ml-auto flex items-center gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <PencilGlyph className="size-4" />
                Edit
              </Button>
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="inline-flex h-8 items-center gap-2 rounded-lg px-3 text-sm font-medium text-slate-600 transition-colors hover:bg-rose-50 hover:text-rose-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
              >
                <TrashGlyph className="size-4" />
                Delete
              </button>
            </div>
          </div>
          {toggle.error && <ErrorAlert className="mt-3">{toggle.error.message}</ErrorAlert>}
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title="Delete this hook?"
        confirmLabel="Delete hook"
        busy={remove.isPending}
        error={remove.error?.message}
        onConfirm={() => void destroy()}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <p>
          <span className="font-medium text-slate-900">{imageName}</span> will no longer point to the {typeLabel.toLowerCase()} template{' '}
          <span className="font-medium text-slate-900">{targetName}</span>. Both templates stay as they are.
        </p>
      </ConfirmDialog>
    </article>
  );
}

function TemplateChip({ option, slug, kind }: { option: TemplateOption | undefined; slug: string; kind: 'image' | 'article' | 'video' }) {
  return (
    <div className="flex min-w-0 flex-1 items-center gap-3">
      <SampleImage src={option?.picture} name={option?.name ?? slug} kind={kind} small className="size-12 shrink-0 rounded-lg ring-1 ring-slate-200" />
      <div className="min-w-0">
        <p className="line-clamp-2 text-sm font-semibold break-words text-slate-900" title={option?.name}>
          {option?.name ?? <span className="text-slate-500">Not listed</span>}
        </p>
        <p className="flex min-w-0 flex-wrap items-center gap-1.5">
          <code className="min-w-0 font-mono text-xs break-all text-slate-500">
            {slug}
          </code>
          {option?.format && <Badge tone="sky">{formatLabel(option.format)}</Badge>}
          {option && !option.active && <Badge tone="rose">Inactive</Badge>}
        </p>
      </div>
    </div>
  );
}

function EditHook({ hook, catalog, onDone }: { hook: Hook; catalog: Catalog; onDone: () => void }) {
  const ids = { target: useId(), note: useId() };
  const utils = trpc.useUtils();
  const update = trpc.hooks.update.useMutation();
  const [target, setTarget] = useState(hook.hook_template_slug);
  const [enabled, setEnabled] = useState(hook.enabled);
  const [note, setNote] = useState(hook.note);
  const typeLabel = hook.hook_type === 'article' ? 'Article' : 'Video';

  async function save(e: FormEvent) {
    e.preventDefault();
    if (update.isPending) return;
    try {
      await update.mutateAsync({ id: hook.id, hook_template_slug: target, enabled, note: note.trim() });
      await utils.hooks.list.invalidate();
      onDone();
    } catch {
      // Shown above the buttons.
    }
  }

  return (
    <form onSubmit={save} className="mt-4 space-y-4 border-t border-slate-100 pt-4" aria-label="Edit hook" noValidate>
      <div className="space-y-1.5">
        <Label htmlFor={ids.target}>{typeLabel} template</Label>
        <Select id={ids.target} value={target} onChange={(e) => setTarget(e.target.value)} autoFocus>
          <TemplateOptions items={catalog[hook.hook_type]} keep={hook.hook_template_slug} />
        </Select>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={ids.note}>Note</Label>
        <Input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} />
      </div>
      <div className="flex items-center gap-2.5">
        <Switch checked={enabled} onChange={setEnabled} label="Enabled" />
        <span className="text-sm text-slate-600" aria-hidden="true">
          {enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {update.error && <ErrorAlert>{update.error.message}</ErrorAlert>}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onDone} disabled={update.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={update.isPending}>
          {update.isPending && <Spinner />}
          Save hook
        </Button>
      </div>
    </form>
  );
}
