'use client';

import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslations } from 'next-intl';
import type { ImageRequestBody } from '@/contracts/jobs';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { revealResults, useAddress, useChargedForm } from '@/components/fields/submission';
import { useJobFeed } from '@/components/jobs/job-feed';
import { isImageModel, type Prices } from './options';
import { SKILLS_INPUT } from '@/components/skills/reads';
import {
  playgroundDefaults,
  playgroundFieldName,
  playgroundSchema,
  recipeRatio,
  type PlaygroundFieldName,
  type PlaygroundStart,
  type PlaygroundValues,
} from './playground-form';
import { IMAGE_TEMPLATES_INPUT } from './reads';
import { findTemplate, playgroundHref, recipeFor, type Source } from './recipes';

export type Skill = RouterOutputs['skills']['list']['skills'][number];
export type Template = RouterOutputs['templates']['list']['templates'][number];

/** Settings a refusal was about; once one changes, the refusal no longer applies. */
const REFUSED_SETTINGS: PlaygroundFieldName[] = [
  'source',
  'skill',
  'template',
  'ratio',
  'quality',
  'background',
  'model',
  'reference_images',
];
/** Inputs besides the form as a whole that show such a refusal; a problem found in the browser stays until fixed. */
const SERVER_PLACED: PlaygroundFieldName[] = ['reference_images', 'skill', 'template'];

interface PlaygroundFormOptions {
  prices: Prices;
  start?: PlaygroundStart | undefined;
  /** The results, scrolled into view after a submission where they sit below the form. */
  results: RefObject<HTMLElement | null>;
}

/**
 * The Playground's state and submission: the catalogue and models, the form (validated with the
 * request's schema), what the chosen model can do, and the jobs submitted in this visit.
 */
export function usePlaygroundForm({ prices, start, results }: PlaygroundFormOptions) {
  useJobFeed();
  const models = trpc.models.available.useQuery({ media_type: 'image' }, { staleTime: 60_000 });
  const skillsQuery = trpc.skills.list.useQuery(SKILLS_INPUT, { staleTime: 60_000 });
  const templatesQuery = trpc.templates.list.useQuery(IMAGE_TEMPLATES_INPUT, { staleTime: 60_000 });
  const generate = trpc.jobs.generate.useMutation();

  const skills = useMemo(() => skillsQuery.data?.skills ?? [], [skillsQuery.data]);
  // Deactivated templates (only ever one's own) are not offered.
  const templates = useMemo(
    () => (templatesQuery.data?.templates ?? []).filter((t) => t.active && t.type === 'image'),
    [templatesQuery.data],
  );
  const catalogue = useMemo(() => ({ skills, templates }), [skills, templates]);

  const t = useTranslations('playground');
  const errors = useTranslations('playground.errors');
  const fieldErrors = useTranslations('fields.errors');
  const schema = useMemo(
    () => playgroundSchema(catalogue, { errors, fields: fieldErrors }),
    [catalogue, errors, fieldErrors],
  );
  const [defaultValues] = useState(() => playgroundDefaults(start, catalogue));
  const form = useZodForm(schema, { defaultValues, mode: 'onSubmit' });
  const charged = useChargedForm(form);
  const [source, skillSlug, templateRef, quality, background, model, references] = useWatch({
    control: form.control,
    name: ['source', 'skill', 'template', 'quality', 'background', 'model', 'reference_images'],
  });

  const skill = skillSlug ? skills.find((s) => s.slug === skillSlug) : undefined;
  const template = findTemplate(templates, templateRef);
  const recipe = useMemo(
    () => recipeFor({ source, skill: skillSlug, template: templateRef }, catalogue),
    [source, skillSlug, templateRef, catalogue],
  );

  // The address follows the form, so a reload or a shared link opens the same skill or template.
  useAddress(playgroundHref(source, skill?.slug ?? skillSlug, template?.slug ?? templateRef));

  // A recipe's ratio becomes the default each time the user picks it; the address's recipe arriving with the
  // catalogue after load never replaces what the user set since (see `recipeRatio`).
  const ratioAppliedFor = useRef<string | null>(recipeFor(defaultValues, catalogue)?.key ?? null);
  const picked = useRef(false);
  useEffect(() => {
    if (!recipe || ratioAppliedFor.current === recipe.key) return;
    ratioAppliedFor.current = recipe.key;
    const ratio = recipeRatio(recipe, {
      picked: picked.current,
      ratioSet: form.getFieldState('ratio').isDirty,
      again: start?.drafts !== undefined,
    });
    if (ratio) form.setValue('ratio', ratio);
  }, [recipe, form, start]);

  useEffect(
    () =>
      form.subscribe({
        name: REFUSED_SETTINGS,
        formState: { values: true },
        callback: () => {
          form.clearErrors('root.server');
          form.clearErrors(SERVER_PLACED.filter((name) => form.getFieldState(name).error?.type === 'server'));
        },
      }),
    [form],
  );

  const imageModels = (models.data?.models ?? []).filter(isImageModel);
  const caps = imageModels.find((m) => m.id === model)?.capabilities;
  const notes = {
    transparent:
      caps && background === 'transparent' && !caps.transparent_background ? t('notes.transparent', { model }) : null,
    references: !caps
      ? null
      : references.length > 0 && !caps.reference_images
        ? t('notes.references', { model })
        : references.length === 0 && caps.requires_reference_images
          ? t('notes.editsOnly', { model })
          : null,
    quality: !caps
      ? null
      : caps.qualities.length === 0
        ? t('notes.fixedQuality', { model })
        : !caps.qualities.includes(quality)
          ? t('notes.quality', { quality, model })
          : null,
  };

  const locked = source !== 'prompt' && !!recipe?.locked;
  const referencesFirst = source === 'skill' && !!recipe?.refRequired;
  const blockedReason = locked
    ? t('blocked.locked')
    : referencesFirst && references.length === 0
      ? t('blocked.references')
      : null;

  const [submitted, setSubmitted] = useState<string[]>([]);

  async function send(body: ImageRequestBody) {
    await charged.charge(
      async () => {
        const answer = await generate.mutateAsync(body);
        setSubmitted((ids) => [answer.jobId, ...ids.filter((id) => id !== answer.jobId)]);
        revealResults(results);
      },
      (path) => playgroundFieldName(path, source, recipe),
    );
  }

  function submit(e?: BaseSyntheticEvent) {
    charged.submit(e, send, generate.isPending || !!blockedReason);
  }

  /** The `POST /api/generate` body the form would send for these values, checked as a submission is. */
  const requestFor = (values: PlaygroundValues) => schema.safeParse(values);

  function chooseSource(next: Source) {
    picked.current = true;
    form.setValue('source', next);
    form.clearErrors();
  }

  function choose(kind: 'skill' | 'template', ref: string) {
    picked.current = true;
    form.setValue(kind, ref);
    form.clearErrors(kind);
  }

  return {
    form,
    submit,
    requestFor,
    chooseSource,
    choose,
    source,
    recipe,
    skills: { query: skillsQuery, rows: skills, chosen: skill, asked: skillSlug },
    templates: { query: templatesQuery, rows: templates, chosen: template, asked: templateRef },
    models: { rows: imageModels, loading: models.isPending },
    notes,
    references,
    referencesFirst,
    locked,
    blockedReason,
    cost: prices[quality],
    credits: charged.credits,
    pending: generate.isPending,
    submitted,
  };
}

export type PlaygroundForm = ReturnType<typeof usePlaygroundForm>;
