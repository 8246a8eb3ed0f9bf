'use client';

import Link from 'next/link';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { CoinsIcon, ImageIcon, InfoIcon, LockIcon, SkillsIcon, TemplatesIcon, WarningIcon } from '../icons';
import { PlaygroundIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { cn } from '../ui/cn';
import { Label } from '../ui/label';
import { Segmented } from '../ui/segmented';
import { Spinner } from '../ui/spinner';
import { Textarea } from '../ui/textarea';
import {
  collectInput,
  emptyDraft,
  errorKey,
  inputIdForError,
  isForm,
  placeServerError,
  RECIPE_ERROR,
  REFERENCES_ERROR,
  SENTENCE_ERROR,
  sentenceInputId,
  type Draft,
  type FormErrors,
} from '../fields/field-model';
import { FieldsForm, SentenceField } from '../fields/fields-form';
import { RecipePicker, type RecipeOption } from '../fields/recipe-picker';
import { useServerSeed } from '../fields/use-server-seed';
import { useJobFeed } from '../jobs/job-feed';
import { JobStatusBadge } from '../jobs/job-status';
import { JobVisual } from '../jobs/job-visual';
import { useLiveJob } from '../jobs/use-live-job';
import { InputKindBadge, NeedsImageBadge, RatioBadge } from '../skills/skill-badges';
import { ModelField } from './model-field';
import { BACKGROUNDS, capitalise, isImageModel, isSupportedRatio, QUALITIES, ratioChoices, type Background, type Prices, type Quality, type Ratio } from './options';
import { RatioGlyph } from './ratio-glyph';
import { findTemplate, playgroundHref, skillRecipe, templateRecipe, type Recipe, type Source } from './recipes';
import { ReferencePicker } from './reference-picker';
import { ResultCard } from './result-card';
import { SourceTabs } from './source-tabs';

type Me = RouterOutputs['session']['me'];
type Skill = RouterOutputs['skills']['list']['skills'][number];
type Template = RouterOutputs['templates']['list']['templates'][number];

const MAX_PROMPT = 8000;
const MAX_REFERENCES = 16;
const formatNumber = new Intl.NumberFormat('en-US').format;
const LOCKED_REASON = 'Comes with a claim code';

const SOURCE_TABS = [
  { value: 'prompt' as const, label: 'Prompt', icon: PlaygroundIcon },
  { value: 'skill' as const, label: 'Skill', icon: SkillsIcon },
  { value: 'template' as const, label: 'Template', icon: TemplatesIcon },
];

interface PlaygroundProps {
  initialMe: Me;
  prices: Prices;
  /** Where the form starts, from the address (?skill= or ?template=). */
  start?: { source: Source; skill: string | null; template: string | null };
  initialSkills?: Skill[] | null;
  initialTemplates?: Template[] | null;
}

export function Playground({ initialMe, prices, start, initialSkills = null, initialTemplates = null }: PlaygroundProps) {
  const promptId = useId();
  const formId = useId();
  const panelId = useId();
  const referencesId = useId();
  const utils = trpc.useUtils();
  useJobFeed();

  const [source, setSource] = useState<Source>(start?.source ?? 'prompt');
  const [skillSlug, setSkillSlug] = useState<string | null>(start?.skill ?? null);
  const [templateRef, setTemplateRef] = useState<string | null>(start?.template ?? null);
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [clientErrors, setClientErrors] = useState<FormErrors>({});

  const [prompt, setPrompt] = useState('');
  const [ratio, setRatio] = useState<Ratio>(() => startRatio(start, initialSkills, initialTemplates));
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

  // Skills and templates come with the page; the seed also replaces cache entries from an earlier visit.
  const skillsSeed = useMemo(() => (initialSkills ? { ok: true as const, skills: initialSkills } : null), [initialSkills]);
  const templatesSeed = useMemo(() => (initialTemplates ? { ok: true as const, templates: initialTemplates } : null), [initialTemplates]);
  const skillsQuery = trpc.skills.list.useQuery({}, { staleTime: 60_000, ...(skillsSeed ? { initialData: skillsSeed } : {}) });
  const templatesQuery = trpc.templates.list.useQuery(
    { type: 'image', source: 'all' },
    { staleTime: 60_000, ...(templatesSeed ? { initialData: templatesSeed } : {}) },
  );
  const setSkills = useCallback((d: NonNullable<typeof skillsSeed>) => utils.skills.list.setData({}, d), [utils]);
  const setTemplates = useCallback(
    (d: NonNullable<typeof templatesSeed>) => utils.templates.list.setData({ type: 'image', source: 'all' }, d),
    [utils],
  );
  const skillsData = useServerSeed(skillsQuery, skillsSeed, setSkills);
  const templatesData = useServerSeed(templatesQuery, templatesSeed, setTemplates);
  const skills = useMemo(() => skillsData?.skills ?? [], [skillsData]);
  // Deactivated templates (only ever one's own) are not offered.
  const templates = useMemo(() => (templatesData?.templates ?? []).filter((t) => t.active && t.type === 'image'), [templatesData]);
  const skill = skillSlug ? skills.find((s) => s.slug === skillSlug) : undefined;
  const template = findTemplate(templates, templateRef);

  const recipe: Recipe | null =
    source === 'skill' && skill ? skillRecipe(skill) : source === 'template' && template ? templateRecipe(template) : null;
  const draft = (recipe && drafts[recipe.key]) ?? emptyDraft;

  // The address follows the form, so a reload or a shared link opens the same skill or template.
  useEffect(() => {
    const href = playgroundHref(source, skill?.slug ?? skillSlug, template?.slug ?? templateRef);
    if (`${window.location.pathname}${window.location.search}` !== href) window.history.replaceState(window.history.state, '', href);
  }, [source, skill?.slug, skillSlug, template?.slug, templateRef]);

  // A recipe's ratio becomes the default each time it is chosen; the user may still change it.
  const ratioAppliedFor = useRef<string | null>(recipe?.key ?? null);
  useEffect(() => {
    if (!recipe || ratioAppliedFor.current === recipe.key) return;
    ratioAppliedFor.current = recipe.key;
    if (isSupportedRatio(recipe.ratio)) setRatio(recipe.ratio);
  }, [recipe]);

  // A refusal speaks about the settings it was given; once they change it no longer applies.
  const resetGenerate = generate.reset;
  useEffect(() => resetGenerate(), [ratio, quality, background, model, references, source, recipe?.key, resetGenerate]);

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

  // Where the server's refusal belongs: under the field it names, or by the button.
  const recipeParam = source === 'skill' ? 'skill_slug' : source === 'template' ? 'template_id' : null;
  const placed = generate.error ? placeServerError(generate.error.message, source === 'prompt' ? null : (recipe?.fields ?? null), recipeParam) : null;
  const placedKey = placed ? errorKey(placed.target) : null;
  const errors: FormErrors = placed && placedKey ? { ...clientErrors, [placedKey]: placed.text } : clientErrors;
  const serverError = placed && !placedKey ? placed.text : null;

  const needsReference = source === 'skill' && !!recipe?.refRequired && references.length === 0;
  const locked = source !== 'prompt' && !!recipe?.locked;
  const blockedReason = locked
    ? 'This template comes with a claim code; redeem one to use it.'
    : needsReference
      ? 'Choose a reference image below to use this skill.'
      : null;

  function updateDraft(change: Partial<Draft>, clear: string) {
    if (!recipe) return;
    const key = recipe.key;
    setDrafts((all) => ({ ...all, [key]: { ...(all[key] ?? emptyDraft), ...change } }));
    if (clientErrors[clear]) setClientErrors(({ [clear]: _, ...rest }) => rest);
    if (placedKey === clear) resetGenerate();
  }

  function chooseSource(next: Source) {
    setSource(next);
    setClientErrors({});
    setFormError(null);
  }

  function focusError(key: string) {
    const target = key === REFERENCES_ERROR ? document.getElementById(referencesId) : document.getElementById(inputIdForError(formId, key));
    if (key === REFERENCES_ERROR) target?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    else target?.focus();
  }

  /** The request's prompt part, or null after showing why it cannot be sent yet. */
  function promptPart():
    | { prompt: string }
    | { skill_slug: string; input?: string | Record<string, string> }
    | { template_id: string; input?: string | Record<string, string> }
    | null {
    if (source === 'prompt') {
      const text = prompt.trim();
      if (!text) {
        setFormError('Describe the image you want first.');
        return null;
      }
      setFormError(null);
      return { prompt: text };
    }
    if (!recipe) {
      setClientErrors({ [RECIPE_ERROR]: source === 'skill' ? 'Choose a skill first.' : 'Choose a template first.' });
      return null;
    }
    const collected = collectInput(recipe.fields, recipe.sentence, draft);
    if (collected.errors) {
      setClientErrors(collected.errors);
      const firstKey = Object.keys(collected.errors)[0];
      if (firstKey) focusError(firstKey);
      return null;
    }
    setClientErrors({});
    const input = collected.input === undefined ? {} : { input: collected.input };
    return source === 'skill' ? { skill_slug: recipe.ref, ...input } : { template_id: recipe.ref, ...input };
  }

  async function submit(e?: FormEvent) {
    e?.preventDefault();
    if (generate.isPending || blockedReason) return;
    const part = promptPart();
    if (!part) return;
    try {
      const answer = await generate.mutateAsync({
        ...part,
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
    } catch (err) {
      // The mutation keeps the error; it is shown by the field it names, or next to the button.
      const message = err instanceof Error ? err.message : '';
      const where = placeServerError(message, source === 'prompt' ? null : (recipe?.fields ?? null), recipeParam);
      const key = errorKey(where.target);
      if (key && key !== RECIPE_ERROR) requestAnimationFrame(() => focusError(key));
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
  const choices = ratioChoices(recipe?.ratio, ratio);
  // A skill that works from the caller's image asks for it right under its own inputs.
  const referencesFirst = source === 'skill' && !!recipe?.refRequired;
  const referencePicker = (
    <ReferencePicker
      id={referencesId}
      jobs={recent.data?.jobs ?? []}
      loading={recent.isPending}
      selected={references}
      onChange={setReferences}
      warning={referenceWarning}
      max={MAX_REFERENCES}
      required={referencesFirst}
      error={errors[REFERENCES_ERROR]}
    />
  );

  return (
    <div className="space-y-8">
      <header>
        <p className="text-sm font-medium text-indigo-600">Playground</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Generate an image</h1>
        <p className="mt-2 text-sm text-slate-500">
          Write a prompt, or start from a skill or template; the same options are available through the API.
        </p>
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,25rem)_minmax(0,1fr)] xl:grid-cols-[minmax(0,28rem)_minmax(0,1fr)]">
        <Card className="lg:sticky lg:top-6">
          <form onSubmit={submit} className="space-y-6 p-5 sm:p-6" noValidate>
            <SourceTabs label="Start from" tabs={SOURCE_TABS} value={source} onChange={chooseSource} panelId={panelId} idPrefix={formId} />

            <div id={panelId} role="tabpanel" className="space-y-5">
              {source === 'prompt' ? (
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
              ) : source === 'skill' ? (
                <>
                  <RecipePicker
                    noun="skill"
                    legend="Skill"
                    options={skills.map(skillOption)}
                    value={skill?.slug ?? null}
                    onChange={(slug) => {
                      setSkillSlug(slug);
                      setClientErrors({});
                    }}
                    loading={!skillsData && skillsQuery.isPending}
                    loadError={!skillsData && skillsQuery.isError ? skillsQuery.error.message : null}
                    onRetry={() => void skillsQuery.refetch()}
                    error={errors[RECIPE_ERROR]}
                    missing={skillSlug && !skill && skillsData ? skillSlug : null}
                    empty={
                      <>
                        No skills are published yet. See the{' '}
                        <Link href="/skills" className="font-medium text-indigo-600 hover:text-indigo-500">
                          Skills
                        </Link>{' '}
                        page later.
                      </>
                    }
                  />
                  {recipe && <RecipeInputs recipe={recipe} formId={formId} draft={draft} errors={errors} update={updateDraft} submit={submit} referencesId={referencesId} />}
                  {referencesFirst && referencePicker}
                </>
              ) : (
                <>
                  <RecipePicker
                    noun="template"
                    legend="Template"
                    options={templates.map(templateOption)}
                    value={template?.slug ?? null}
                    onChange={(slug) => {
                      setTemplateRef(slug);
                      setClientErrors({});
                    }}
                    loading={!templatesData && templatesQuery.isPending}
                    loadError={!templatesData && templatesQuery.isError ? templatesQuery.error.message : null}
                    onRetry={() => void templatesQuery.refetch()}
                    error={errors[RECIPE_ERROR]}
                    missing={templateRef && !template && templatesData ? templateRef : null}
                    missingHint={
                      templateRef ? (
                        <>
                          If it is an article template, use it in{' '}
                          <Link href={`/articles?template=${encodeURIComponent(templateRef)}`} className="font-medium underline">
                            Articles
                          </Link>
                          .
                        </>
                      ) : null
                    }
                    empty={
                      <>
                        No image templates yet. Create one under{' '}
                        <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
                          Templates
                        </Link>
                        .
                      </>
                    }
                  />
                  {recipe && <RecipeInputs recipe={recipe} formId={formId} draft={draft} errors={errors} update={updateDraft} submit={submit} referencesId={referencesId} />}
                </>
              )}
            </div>

            {/* A recipe's own shape makes six choices: two even rows of three where one row would crowd. */}
            <div className={choices.length > 5 ? '@container [&_fieldset>div:first-of-type]:grid [&_fieldset>div:first-of-type]:grid-cols-3 @md:[&_fieldset>div:first-of-type]:grid-cols-6' : undefined}>
              <Segmented
                legend="Aspect ratio"
                name="ratio"
                value={ratio}
                onChange={setRatio}
                options={choices.map((r) => ({
                  value: r,
                  label: (
                    <>
                      <RatioGlyph ratio={r} />
                      {r}
                    </>
                  ),
                  ariaLabel: r,
                }))}
                description={
                  recipe && isSupportedRatio(recipe.ratio)
                    ? recipe.ratio === ratio
                      ? `${recipe.ratio} is this ${recipe.kind}'s default.`
                      : `This ${recipe.kind} is made for ${recipe.ratio}.`
                    : undefined
                }
              />
            </div>

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

            {!referencesFirst && referencePicker}

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
                <Button
                  type="submit"
                  size="lg"
                  disabled={generate.isPending || !!blockedReason}
                  aria-describedby={blockedReason ? `${formId}-blocked` : undefined}
                  className="min-w-36 flex-1 sm:flex-none"
                >
                  {generate.isPending ? (
                    <>
                      <Spinner /> Submitting…
                    </>
                  ) : (
                    'Generate'
                  )}
                </Button>
              </div>
              {blockedReason && (
                <p id={`${formId}-blocked`} className="flex items-start gap-1.5 text-xs text-amber-700" data-testid="generate-blocked">
                  {locked ? <LockIcon className="mt-px size-3.5 shrink-0" /> : <InfoIcon className="mt-px size-3.5 shrink-0" />}
                  {blockedReason}
                </p>
              )}
              {credits < cost && <p className="text-xs text-amber-700">Not enough credits for this image; ask your operator for more.</p>}
            </div>
          </form>
        </Card>

        <section ref={results} aria-label="Results" className="min-w-0 scroll-mt-20 space-y-6">
          {current ? <ResultCard key={current} id={current} /> : <EmptyResult source={source} />}
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

/** The starting ratio: the linked skill's or template's own, when it is already known. */
function startRatio(start: PlaygroundProps['start'], skills: Skill[] | null, templates: Template[] | null): Ratio {
  const own =
    start?.source === 'skill'
      ? skills?.find((s) => s.slug === start.skill)?.ratio
      : start?.source === 'template'
        ? findTemplate(templates ?? [], start.template)?.ratio
        : null;
  return isSupportedRatio(own) ? own : '1:1';
}

function skillOption(s: Skill): RecipeOption {
  return {
    value: s.slug,
    name: s.zh_name,
    description: s.description,
    thumb: s.thumb,
    ratio: s.ratio,
    keywords: s.genre,
    meta: (
      <>
        <InputKindBadge fields={s.fields} />
        {s.ref_required && <NeedsImageBadge />}
        <RatioBadge ratio={s.ratio} />
      </>
    ),
  };
}

function templateOption(t: Template): RecipeOption {
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    thumb: t.sample_images[0] ?? null,
    ratio: t.ratio,
    keywords: [t.category, t.domain].join(' '),
    group: t.source === 'mine' ? 'Your templates' : 'Platform templates',
    locked: t.locked,
    lockedReason: LOCKED_REASON,
    meta: (
      <>
        {t.fields && <InputKindBadge fields={t.fields} />}
        {t.ratio && <RatioBadge ratio={t.ratio} />}
      </>
    ),
  };
}

interface RecipeInputsProps {
  recipe: Recipe;
  formId: string;
  draft: Draft;
  errors: FormErrors;
  update: (change: Partial<Draft>, clear: string) => void;
  submit: () => void;
  referencesId: string;
}

/** What the chosen skill or template asks for: its notices, then its generated form or one sentence. */
function RecipeInputs({ recipe, formId, draft, errors, update, submit, referencesId }: RecipeInputsProps) {
  if (recipe.locked) {
    return (
      <Notice tone="amber" icon={<LockIcon className="mt-0.5 size-4 shrink-0" />} testId="locked-notice">
        <p className="font-medium">This template comes with a claim code.</p>
        <p className="mt-0.5">You can see what it makes; its form opens once your workspace redeems a claim code that includes it.</p>
      </Notice>
    );
  }
  return (
    <>
      {recipe.refRequired && (
        <Notice tone="amber" icon={<ImageIcon className="mt-0.5 size-4 shrink-0" />} testId="ref-required-notice">
          <p className="font-medium">This skill works from your own image.</p>
          <p className="mt-0.5">
            Choose at least one{' '}
            <a href={`#${referencesId}`} className="font-medium underline underline-offset-2">
              reference image
            </a>{' '}
            below: the product, garment or photo the result should keep.
          </p>
        </Notice>
      )}
      {recipe.defaultReferences > 0 && (
        <Notice tone="sky" icon={<InfoIcon className="mt-0.5 size-4 shrink-0" />}>
          This template brings {recipe.defaultReferences === 1 ? 'its own reference image' : `${recipe.defaultReferences} reference images`};
          any you choose below are used instead.
        </Notice>
      )}
      {isForm(recipe.fields) ? (
        <FieldsForm
          idPrefix={formId}
          fields={recipe.fields}
          values={draft.values}
          errors={errors}
          onChange={(key, value) => update({ values: { ...draft.values, [key]: value } }, key)}
          onSubmitShortcut={submit}
        />
      ) : (
        <SentenceField
          id={sentenceInputId(formId)}
          label="Your sentence"
          value={draft.sentence}
          onChange={(sentence) => update({ sentence }, SENTENCE_ERROR)}
          required={recipe.sentence === 'required'}
          error={errors[SENTENCE_ERROR]}
          onSubmitShortcut={submit}
          placeholder={recipe.kind === 'skill' ? 'One sentence about what you want, in any language' : 'Anything to add, in one sentence'}
          hint={
            recipe.sentence === 'required'
              ? 'Studio turns it into the full prompt. Press Ctrl+Enter to generate.'
              : 'Added to the template as written; leave it empty to use the template as it is.'
          }
        />
      )}
    </>
  );
}

function Notice({ tone, icon, children, testId }: { tone: 'amber' | 'sky'; icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex gap-2.5 rounded-lg px-3 py-2.5 text-xs leading-5 break-words ring-1 ring-inset',
        tone === 'amber' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-sky-50 text-sky-900 ring-sky-200',
      )}
    >
      {icon}
      <div className="min-w-0">{children}</div>
    </div>
  );
}

function EmptyResult({ source }: { source: Source }) {
  return (
    <div className="grid min-h-80 place-items-center rounded-2xl border-2 border-dashed border-slate-200 bg-white/60 px-6 py-12 text-center">
      <div className="flex max-w-sm flex-col items-center">
        <span className="grid size-12 place-items-center rounded-xl bg-indigo-50 text-indigo-600 ring-1 ring-indigo-100">
          <ImageIcon className="size-6" />
        </span>
        <h2 className="mt-4 text-base font-semibold text-slate-900">Your image appears here</h2>
        <p className="mt-1 text-sm text-balance text-slate-500">
          {source === 'prompt'
            ? 'Describe it, choose a shape and press Generate.'
            : source === 'skill'
              ? 'Choose a skill, fill in what it asks and press Generate.'
              : 'Choose a template, fill in what it asks and press Generate.'}{' '}
          Every result is also listed under{' '}
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
