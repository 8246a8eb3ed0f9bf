'use client';

import { useId, useState, type FormEvent } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { CheckIcon, InfoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Select } from '../ui/select';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { HOOK_TYPES, TemplateOptions, type Catalog, type HookType } from './options';

type Hook = RouterOutputs['hooks']['list']['hooks'][number];

/**
 * Binds an image template to a downstream template. Binding again for the same image template and
 * type replaces the earlier binding, so the form says so before it is sent.
 */
export function BindForm({ catalog, hooks }: { catalog: Catalog; hooks: Hook[] }) {
  const ids = { image: useId(), target: useId(), note: useId() };
  const utils = trpc.useUtils();
  const bind = trpc.hooks.bind.useMutation();
  const [image, setImage] = useState('');
  const [type, setType] = useState<HookType>('article');
  const [target, setTarget] = useState('');
  // Untouched, the switch shows (and keeps) the existing binding's state; a new binding starts enabled.
  const [enabledChoice, setEnabled] = useState<boolean | null>(null);
  const [note, setNote] = useState('');
  const [missing, setMissing] = useState<'image' | 'target' | null>(null);
  const [done, setDone] = useState<{ created: boolean; image: string; target: string } | null>(null);

  const targets = catalog[type];
  const existing = hooks.find((h) => h.image_template_slug === image && h.hook_type === type);
  const enabled = enabledChoice ?? existing?.enabled ?? true;
  const nameOf = (store: 'image' | HookType, slug: string) => catalog[store].find((t) => t.slug === slug)?.name ?? slug;

  function touch() {
    setDone(null);
    setMissing(null);
    if (bind.error) bind.reset();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (bind.isPending) return;
    if (!image || !target) {
      const which = !image ? 'image' : 'target';
      setMissing(which);
      document.getElementById(which === 'image' ? ids.image : ids.target)?.focus();
      return;
    }
    try {
      const answer = await bind.mutateAsync({
        image_template_slug: image,
        hook_type: type,
        hook_template_slug: target,
        ...(enabledChoice !== null || !existing ? { enabled } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setDone({ created: answer.created, image: nameOf('image', image), target: nameOf(type, target) });
      setNote('');
      setEnabled(null);
      await utils.hooks.list.invalidate();
    } catch {
      // Shown under the form from the mutation's error.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Bind a template</CardTitle>
        <CardDescription>One article hook and one video hook per image template.</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-5" aria-label="Bind a template">
          {catalog.error && <ErrorAlert>{catalog.error}</ErrorAlert>}
          <div className="space-y-1.5">
            <Label htmlFor={ids.image}>Image template</Label>
            <Select
              id={ids.image}
              value={image}
              disabled={catalog.loading}
              onChange={(e) => {
                setImage(e.target.value);
                touch();
              }}
              aria-invalid={missing === 'image' || undefined}
              aria-describedby={missing === 'image' ? `${ids.image}-error` : undefined}
            >
              <option value="">{catalog.loading ? 'Loading…' : 'Choose an image template'}</option>
              <TemplateOptions items={catalog.image} />
            </Select>
            {missing === 'image' && (
              <p id={`${ids.image}-error`} className="text-xs text-rose-600">
                Choose the image template first.
              </p>
            )}
          </div>

          <Segmented
            legend="Hook type"
            name="hook-type"
            value={type}
            onChange={(t) => {
              setType(t);
              setTarget('');
              touch();
            }}
            options={HOOK_TYPES}
          />

          <div className="space-y-1.5">
            <Label htmlFor={ids.target}>{type === 'article' ? 'Article template' : 'Video template'}</Label>
            <Select
              id={ids.target}
              value={target}
              disabled={catalog.loading}
              onChange={(e) => {
                setTarget(e.target.value);
                touch();
              }}
              aria-invalid={missing === 'target' || undefined}
              aria-describedby={missing === 'target' ? `${ids.target}-error` : undefined}
            >
              <option value="">{catalog.loading ? 'Loading…' : `Choose a${type === 'article' ? 'n article' : ' video'} template`}</option>
              <TemplateOptions items={targets} />
            </Select>
            {missing === 'target' && (
              <p id={`${ids.target}-error`} className="text-xs text-rose-600">
                Choose the {type} template to bind.
              </p>
            )}
          </div>

          <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-inset ring-slate-200/70">
            <span className="text-sm font-medium text-slate-700">Enabled</span>
            <Switch checked={enabled} onChange={setEnabled} label="Enabled" />
          </div>

          <div className="space-y-1.5">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={ids.note}>Note</Label>
              <span className="text-xs text-slate-400">Optional</span>
            </div>
            <Input id={ids.note} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} placeholder="e.g. 封面出图后写小红书笔记" />
          </div>

          {existing && !done && (
            <p className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80" data-testid="rebind-note">
              <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
              <span className="min-w-0 break-words">
                This image template already has a{type === 'article' ? 'n article' : ' video'} hook to{' '}
                <span className="font-semibold">{nameOf(type, existing.hook_template_slug)}</span>. Binding again updates it.
              </span>
            </p>
          )}

          {bind.error && <ErrorAlert data-testid="bind-error">{bind.error.message}</ErrorAlert>}
          {done && (
            <p role="status" className="flex items-start gap-2 text-sm text-emerald-800">
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span className="min-w-0 break-words">
                {done.created ? 'Bound' : 'Updated the binding:'} {done.image} → {done.target}.
              </span>
            </p>
          )}

          <Button type="submit" className="w-full" disabled={bind.isPending || catalog.loading}>
            {bind.isPending ? (
              <>
                <Spinner /> Saving…
              </>
            ) : existing ? (
              'Update binding'
            ) : (
              'Bind'
            )}
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
