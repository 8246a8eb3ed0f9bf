'use client';

import Link from 'next/link';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { CoinsIcon } from '../icons';
import { ImageIcon, WarningIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import { useJobFeed } from '../jobs/job-feed';
import { JobStatusBadge } from '../jobs/job-status';
import { JobVisual } from '../jobs/job-visual';
import { ModelField } from './model-field';
import { BACKGROUNDS, capitalise, isImageModel, QUALITIES, RATIOS, type Background, type Prices, type Quality, type Ratio } from './options';
import { RatioGlyph } from './ratio-glyph';
import { ReferencePicker } from './reference-picker';
import { ResultCard } from './result-card';
import { useLiveJob } from '../jobs/use-live-job';

type Me = RouterOutputs['session']['me'];

const MAX_PROMPT = 8000;
const MAX_REFERENCES = 16;
const formatNumber = new Intl.NumberFormat('en-US').format;

interface PlaygroundProps {
  initialMe: Me;
  prices: Prices;
}

export function Playground({ initialMe, prices }: PlaygroundProps) {
  const promptId = useId();
  const utils = trpc.useUtils();
  useJobFeed();

  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<Ratio>('1:1');
  const [quality, setQuality] = useState<Quality>('high');
  const [background, setBackground] = useState<Background>('default');
  const [model, setModel] = useState('auto');
  const [references, setReferences] = useState<string[]>([]);
  const [submitted, setSubmitted] = useState<string[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const results = useRef<HTMLElement>(null);

  const me = trpc.session.me.useQuery(undefined, { initialData: initialMe });
  const models = trpc.models.available.useQuery({ media_type: 'image' }, { staleTime: 60_000 });
  const recent = trpc.jobs.get.useQuery({ status: 'done', limit: 12 });
  const generate = trpc.jobs.generate.useMutation();

  // A refusal speaks about the settings it was given; once they change it no longer applies.
  const resetGenerate = generate.reset;
  useEffect(() => resetGenerate(), [ratio, quality, background, model, references, resetGenerate]);

  const imageModels = (models.data?.models ?? []).filter(isImageModel);
  const caps = imageModels.find((m) => m.id === model)?.capabilities;
  const cost = prices[quality];
  const credits = me.data.tenant.credits;

  const transparentWarning =
    caps && background === 'transparent' && !caps.transparent_background ? `Transparent background is not available with ${model}.` : null;
  const referenceWarning =
    caps && references.length > 0 && !caps.reference_images ? `${model} does not take reference images.` : null;
  const qualityNote = !caps
    ? null
    : caps.qualities.length === 0
      ? `${model} renders at one fixed quality; the level chosen here sets the price.`
      : !caps.qualities.includes(quality)
        ? `${capitalise(quality)} quality is not offered by ${model}.`
        : null;

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (generate.isPending) return;
    const text = prompt.trim();
    if (!text) {
      setFormError('Describe the image you want first.');
      return;
    }
    setFormError(null);
    try {
      const answer = await generate.mutateAsync({
        prompt: text,
        ratio,
        quality,
        ...(background !== 'default' ? { background } : {}),
        ...(model !== 'auto' ? { model } : {}),
        ...(references.length > 0 ? { reference_images: references } : {}),
      });
      setSubmitted((ids) => [answer.jobId, ...ids.filter((id) => id !== answer.jobId)]);
      // Below the two-column layout the result sits under the form, out of sight.
      if (window.matchMedia('(max-width: 1023px)').matches) {
        requestAnimationFrame(() => results.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
      }
    } catch {
      // The mutation keeps the error; it is shown next to the button.
    } finally {
      void utils.session.me.invalidate();
    }
  }

  function onPromptKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Ctrl/⌘+Enter submits; Enter alone (and Enter that confirms an IME candidate) stays in the text.
    if (e.key === 'Enter' && (e.metaKey || e.ctrlKey) && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  }

  const [current, ...earlier] = submitted;
  const serverError = generate.error?.message ?? null;

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Playground</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Generate an image</h1>
        <p className="mt-2 text-sm text-slate-500">Try prompts and settings here; the same options are available through the API.</p>
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="lg:sticky lg:top-6">
          <form onSubmit={submit} className="space-y-6 p-5 sm:p-6" noValidate>
            <div className="space-y-1.5">
              <div className="flex items-baseline justify-between gap-2">
                <Label htmlFor={promptId}>Prompt</Label>
                <span className={cn('text-xs tabular-nums', prompt.length > MAX_PROMPT ? 'text-rose-600' : 'text-slate-400')}>
                  {formatNumber(prompt.length)} / {formatNumber(MAX_PROMPT)}
                </span>
              </div>
              <Textarea
                id={promptId}
                name="prompt"
                rows={5}
                maxLength={MAX_PROMPT}
                value={prompt}
                onChange={(e) => setPrompt(e.target.value)}
                onKeyDown={onPromptKey}
                placeholder="A paper-cut style city skyline at dusk, soft warm light…"
                aria-invalid={formError ? true : undefined}
                aria-describedby={formError ? `${promptId}-error` : `${promptId}-hint`}
                className="min-h-32 resize-y"
              />
              {formError ? (
                <p id={`${promptId}-error`} className="text-xs text-rose-600">
                  {formError}
                </p>
              ) : (
                <p id={`${promptId}-hint`} className="text-xs text-slate-500">
                  Any language works. Press Ctrl+Enter to generate.
                </p>
              )}
            </div>

            <Segmented
              legend="Aspect ratio"
              name="ratio"
              value={ratio}
              onChange={setRatio}
              options={RATIOS.map((r) => ({
                value: r,
                label: (
                  <>
                    <RatioGlyph ratio={r} />
                    {r}
                  </>
                ),
                ariaLabel: r,
              }))}
            />

            <Segmented
              legend="Quality"
              name="quality"
              value={quality}
              onChange={setQuality}
              options={QUALITIES.map((q) => ({ value: q, label: capitalise(q), hint: `${prices[q]} credit${prices[q] === 1 ? '' : 's'}` }))}
              description={
                qualityNote ?? (
                  <>
                    Low {prices.low} · Medium {prices.medium} · High {prices.high} credits per image
                  </>
                )
              }
            />

            <Segmented
              legend="Background"
              name="background"
              value={background}
              onChange={setBackground}
              options={BACKGROUNDS.map((b) => ({ value: b, label: capitalise(b) }))}
              description={
                transparentWarning ? (
                  <span className="inline-flex items-start gap-1.5 text-amber-700" data-testid="transparent-warning">
                    <WarningIcon className="mt-px size-3.5 shrink-0" />
                    {transparentWarning}
                  </span>
                ) : background === 'transparent' ? (
                  'A PNG with an alpha channel, for cut-outs and stickers.'
                ) : background === 'opaque' ? (
                  'Always a filled background.'
                ) : (
                  'The model decides.'
                )
              }
            />

            <ModelField models={imageModels} value={model} onChange={setModel} loading={models.isPending} />

            <ReferencePicker
              jobs={recent.data?.jobs ?? []}
              loading={recent.isPending}
              selected={references}
              onChange={setReferences}
              warning={referenceWarning}
              max={MAX_REFERENCES}
            />

            <div className="space-y-3 border-t border-slate-100 pt-5">
              {serverError && <ErrorAlert data-testid="generate-error">{serverError}</ErrorAlert>}
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="flex items-center gap-1.5 text-sm text-slate-600">
                  <CoinsIcon className="size-4 text-indigo-500" />
                  <span>
                    <span className="font-semibold text-slate-900">{cost}</span> credit{cost === 1 ? '' : 's'}
                    <span className="text-slate-400"> · </span>
                    <span data-testid="playground-credits" className="tabular-nums">
                      {formatNumber(credits)}
                    </span>{' '}
                    available
                  </span>
                </p>
                <Button type="submit" size="lg" disabled={generate.isPending} className="min-w-36 flex-1 sm:flex-none">
                  {generate.isPending ? (
                    <>
                      <Spinner /> Submitting…
                    </>
                  ) : (
                    'Generate'
                  )}
                </Button>
              </div>
              {credits < cost && <p className="text-xs text-amber-700">Not enough credits for this image; ask your operator for more.</p>}
            </div>
          </form>
        </Card>

        <section ref={results} aria-label="Results" className="min-w-0 scroll-mt-20 space-y-6">
          {current ? <ResultCard key={current} id={current} /> : <EmptyResult />}
          {earlier.length > 0 && (
            <div>
              <h2 className="mb-3 text-sm font-semibold text-slate-900">Earlier in this session</h2>
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
                {earlier.map((id) => (
                  <li key={id}>
                    <EarlierResult id={id} />
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function EmptyResult() {
  return (
    <div className="grid min-h-80 place-items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white/60 px-6 py-12 text-center">
      <div className="flex max-w-sm flex-col items-center">
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <ImageIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">Your image appears here</h2>
        <p className="mt-1 text-sm text-balance text-slate-500">
          Describe it, choose a shape and press Generate. Every result is also listed under{' '}
          <Link href="/jobs" className="font-medium text-indigo-600 hover:text-indigo-500">
            Jobs
          </Link>
          .
        </p>
      </div>
    </div>
  );
}

function EarlierResult({ id }: { id: string }) {
  const { data } = useLiveJob(id);
  const job = data?.job;
  return (
    <Link
      href={`/jobs/${id}`}
      className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      title={job?.prompt}
    >
      {job ? (
        <JobVisual job={{ ...job, ratio: '1:1' }} size="thumb" className="transition group-hover:ring-slate-400" />
      ) : (
        <div className="aspect-square animate-pulse rounded-md bg-slate-100" />
      )}
      <span className="mt-1.5 flex items-center justify-between gap-1">
        <span className="truncate text-xs text-slate-600">{job?.prompt ?? 'Loading…'}</span>
        {job && job.status !== 'done' && <JobStatusBadge status={job.status} />}
      </span>
    </Link>
  );
}
