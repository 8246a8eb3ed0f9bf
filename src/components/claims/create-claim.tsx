'use client';

import { useId, useState, type FormEvent } from 'react';
import { trpc } from '@/trpc/react';
import { InfoIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '../ui/card';
import { Input } from '../ui/input';
import { Label } from '../ui/label';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { formatNumber, parseCredits } from '../members/model';
import { DEFAULT_TUTORIAL_TITLE, isHttpUrl, type CreatedClaim, type Template } from './model';
import { TemplatePicker } from './template-picker';

type Problems = Partial<Record<'templates' | 'credits' | 'url', string>>;

interface CreateClaimProps {
  templates: Template[] | undefined;
  templatesError: string | null;
  onRetryTemplates: () => void;
  /** The tenant's allocatable credits now. */
  allocatable: number | undefined;
  onCreated: (claim: CreatedClaim) => Promise<void>;
}

/** The form for a new claim code: templates, credits, a note and an optional tutorial PDF. */
export function CreateClaim({ templates, templatesError, onRetryTemplates, allocatable, onCreated }: CreateClaimProps) {
  const ids = { grid: useId(), credits: useId(), creditsHelp: useId(), note: useId(), url: useId(), title: useId(), explain: useId() };
  const create = trpc.claims.create.useMutation();
  const [selected, setSelected] = useState<string[]>([]);
  const [credits, setCredits] = useState('');
  const [note, setNote] = useState('');
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  const parsed = parseCredits(credits, { min: 1 });
  const over = allocatable !== undefined && 'value' in parsed && parsed.value > allocatable;

  function touch(field: keyof Problems) {
    if (problems[field]) setProblems((p) => ({ ...p, [field]: undefined }));
    if (create.error) create.reset();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (create.isPending) return;
    const found: Problems = {};
    if (selected.length === 0) found.templates = 'Pick at least one template.';
    if ('error' in parsed) found.credits = parsed.error;
    const link = url.trim();
    if (link && !isHttpUrl(link)) found.url = 'Enter a full link starting with https:// or http://.';
    setProblems(found);
    if (found.templates) {
      document.getElementById(ids.grid)?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.focus();
      return;
    }
    if (found.credits) return document.getElementById(ids.credits)?.focus();
    if (found.url) return document.getElementById(ids.url)?.focus();
    if (!('value' in parsed)) return;
    try {
      const claim = await create.mutateAsync({
        template_ids: selected,
        credits: parsed.value,
        ...(note.trim() ? { note: note.trim() } : {}),
        ...(link ? { tutorial_pdf_url: link } : {}),
        ...(link && title.trim() ? { tutorial_pdf_title: title.trim() } : {}),
      });
      // The picks stay for the next code (one code per order is common); the note is per code.
      setNote('');
      await onCreated(claim);
    } catch {
      // Shown above the button from the mutation's error.
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle id="new-claim-title" tabIndex={-1} className="focus:outline-none">
          New claim code
        </CardTitle>
        <CardDescription>A package of credits and templates your buyer redeems once, through a link.</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} noValidate aria-labelledby="new-claim-title" className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem] xl:grid-cols-[minmax(0,1fr)_20rem]">
          <TemplatePicker
            templates={templates}
            error={templatesError}
            onRetry={onRetryTemplates}
            selected={selected}
            onChange={(next) => {
              setSelected(next);
              touch('templates');
            }}
            problem={problems.templates}
            focusId={ids.grid}
          />

          <div className="min-w-0 space-y-5">
            <div className="space-y-1.5">
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
                <Label htmlFor={ids.credits}>Credits</Label>
                <span className="text-xs text-slate-500 tabular-nums" data-testid="claim-allocatable">
                  {allocatable === undefined ? 'Loading…' : `${formatNumber(allocatable)} allocatable`}
                </span>
              </div>
              <Input
                id={ids.credits}
                inputMode="numeric"
                autoComplete="off"
                value={credits}
                onChange={(e) => {
                  setCredits(e.target.value);
                  touch('credits');
                }}
                placeholder="e.g. 100"
                className="tabular-nums"
                aria-invalid={problems.credits || over ? true : undefined}
                aria-describedby={`${ids.creditsHelp} ${ids.explain}`}
              />
              <p id={ids.creditsHelp} className={problems.credits ? 'text-xs text-rose-600' : over ? 'text-xs text-amber-700' : 'text-xs text-slate-500'}>
                {problems.credits ??
                  (over ? `More than the ${formatNumber(allocatable ?? 0)} credits allocatable now.` : 'A whole number, 1 or more, given to the buyer.')}
              </p>
            </div>

            <div className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={ids.note}>Note</Label>
                <span className="text-xs text-slate-400">Optional · only you see it</span>
              </div>
              <Textarea id={ids.note} rows={2} value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} placeholder="例如：淘宝订单 2024-0611-001" />
            </div>

            <fieldset className="space-y-3 rounded-xl bg-slate-50/70 p-3 ring-1 ring-inset ring-slate-200/70">
              <legend className="float-left mb-1 w-full text-sm font-medium text-slate-700">
                Tutorial PDF <span className="font-normal text-slate-400">· optional</span>
              </legend>
              <div className="clear-both space-y-1.5">
                <Label htmlFor={ids.url} className="text-xs">
                  PDF link
                </Label>
                <Input
                  id={ids.url}
                  type="url"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  value={url}
                  onChange={(e) => {
                    setUrl(e.target.value);
                    touch('url');
                  }}
                  maxLength={2048}
                  placeholder="https://…/tutorial.pdf"
                  aria-invalid={problems.url ? true : undefined}
                  aria-describedby={problems.url ? `${ids.url}-error` : undefined}
                />
                {problems.url && (
                  <p id={`${ids.url}-error`} className="text-xs text-rose-600">
                    {problems.url}
                  </p>
                )}
              </div>
              <div className="space-y-1.5">
                <Label htmlFor={ids.title} className="text-xs">
                  Title
                </Label>
                <Input
                  id={ids.title}
                  value={title}
                  onChange={(e) => setTitle(e.target.value)}
                  maxLength={200}
                  placeholder={DEFAULT_TUTORIAL_TITLE}
                  aria-describedby={`${ids.title}-help`}
                />
                <p id={`${ids.title}-help`} className="text-xs text-slate-500">
                  Used only with a link; left blank, the title is the one shown.
                </p>
              </div>
            </fieldset>

            <p id={ids.explain} className="flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs leading-5 text-amber-900 ring-1 ring-inset ring-amber-200/80" data-testid="claim-explain">
              <InfoIcon className="mt-0.5 size-3.5 shrink-0 text-amber-600" />
              <span>The credits leave your allocatable pool now, and your own selected templates become gated.</span>
            </p>

            {create.error && <ErrorAlert data-testid="claim-error">{create.error.message}</ErrorAlert>}

            <Button type="submit" className="w-full" disabled={create.isPending}>
              {create.isPending ? (
                <>
                  <Spinner /> Creating…
                </>
              ) : (
                'Create claim code'
              )}
            </Button>
          </div>
        </form>
      </CardBody>
    </Card>
  );
}
