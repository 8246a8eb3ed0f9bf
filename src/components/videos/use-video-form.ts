'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import { useWatch } from 'react-hook-form';
import type { VideoRequestBody } from '@/contracts/videos';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { useZodForm } from '@/components/ui/form';
import { revealResults, useChargedForm } from '@/components/fields/submission';
import { VIDEO_MODELS_INPUT, VIDEO_TEMPLATES_INPUT } from './reads';
import {
  autoTierId,
  chosenTier,
  clampDuration,
  estimateCredits,
  durationBounds,
  effectiveTier,
  keptResolution,
  referenceSlots,
  templateDefaults,
  videoDefaults,
  videoFieldName,
  videoSchema,
  type VideoFieldName,
  type VideoSource,
  type VideoTier,
  type VideoValues,
} from './video-form';
import { videoNotes } from './video-notes';
import { useTierName } from '@/components/tiers/tier-names';

export type VideoTemplate = RouterOutputs['templates']['listVideo']['templates'][number];

/** Settings a refusal was about; once one changes, the refusal no longer applies. */
const REFUSED_SETTINGS: VideoFieldName[] = [
  'source',
  'template',
  'model',
  'ratio',
  'duration',
  'resolution',
  'images',
  'videos',
  'audios',
  'generate_audio',
];
/** Inputs that show such a refusal besides the form as a whole; a problem found in the browser stays until fixed. */
const SERVER_PLACED: VideoFieldName[] = [
  'template',
  'model',
  'ratio',
  'duration',
  'resolution',
  'images',
  'videos',
  'audios',
  'generate_audio',
];

function isTier(m: { kind: string }): m is VideoTier & { kind: 'tier' } {
  return m.kind === 'tier';
}

interface VideoFormOptions {
  /** Credits per second of video by tier (`default` for the others), the running server's settings; null when unknown. */
  prices: Readonly<Record<string, number>> | null;
  /** The tier the server uses for a request without `model` that needs nothing longer or sharper. */
  defaultTier: string | null;
  /** The task list, scrolled into view after a submission where it sits below the form. */
  results: RefObject<HTMLElement | null>;
  /** Told of each accepted submission (the new task's id and what it costs). */
  onSubmitted: (task: { id: string; credits: number | null }) => void;
  /** First values other than the defaults (a job run again); its template's own settings are not applied over them. */
  start?: Partial<VideoValues> | undefined;
}

/**
 * The Video page's form: the tiers and templates, the form (validated with the request's schema),
 * what the chosen tier allows, and the submission.
 */
export function useVideoForm({ prices, defaultTier, results, onSubmitted, start }: VideoFormOptions) {
  const models = trpc.models.available.useQuery(VIDEO_MODELS_INPUT, { staleTime: 60_000 });
  const templatesQuery = trpc.templates.listVideo.useQuery(VIDEO_TEMPLATES_INPUT, { staleTime: 60_000 });
  const submitVideo = trpc.videos.submit.useMutation();
  const utils = trpc.useUtils();

  const tiers = useMemo(() => (models.data?.models ?? []).filter(isTier), [models.data]);
  const templates = useMemo(
    () => (templatesQuery.data?.templates ?? []).filter((t) => t.active),
    [templatesQuery.data],
  );

  const words = useTranslations('videos.form');
  const tierName = useTierName();
  const fieldErrors = useTranslations('fields.errors');
  const schema = useMemo(
    () => videoSchema(words, templates, tiers, fieldErrors),
    [words, templates, tiers, fieldErrors],
  );
  const [defaultValues] = useState(() => ({ ...videoDefaults(tiers), ...start }));
  const form = useZodForm(schema, { defaultValues, mode: 'onSubmit' });
  const charged = useChargedForm(form);
  const [source, templateSlug, model, duration, resolution, images, videos, audios] = useWatch({
    control: form.control,
    name: ['source', 'template', 'model', 'duration', 'resolution', 'images', 'videos', 'audios'],
  });

  const tier = effectiveTier(tiers, model);
  const bounds = durationBounds(tier);
  const chosen = chosenTier(tiers, model);
  // Without a tier, the server's rule picks one from duration and resolution; the references and sound must suit that one.
  const seconds = Number(duration);
  const ruleTierId = chosen
    ? null
    : autoTierId(tiers, defaultTier, Number.isInteger(seconds) ? seconds : undefined, resolution || undefined);
  const ruleTier = ruleTierId ? chosenTier(tiers, ruleTierId) : null;
  const slotTier = chosen ?? ruleTier ?? tier;
  const slots = referenceSlots(slotTier);
  const template = templateSlug ? (templates.find((t) => t.slug === templateSlug) ?? null) : null;

  // A new tier bounds the duration and resolutions again, and sound goes where it is not offered.
  const appliedTier = useRef<string | null>(null);
  useEffect(() => {
    if (!tier) return;
    const key = `${model}:${tier.duration.min}-${tier.duration.max}:${tier.resolutions.join(',')}`;
    if (appliedTier.current === key) return;
    const first = appliedTier.current === null;
    appliedTier.current = key;
    const values = form.getValues();
    const nextResolution = keptResolution(tier, values.resolution);
    if (nextResolution !== values.resolution) form.setValue('resolution', nextResolution);
    // The first bounds arrive with the page; only a change of tier moves what was typed.
    if (!first) {
      const clamped = clampDuration(values.duration, tier.duration);
      if (clamped !== values.duration) form.setValue('duration', clamped);
    }
  }, [tier, model, form]);

  // Sound goes off where the tier (chosen, or picked by the rule) does not make it.
  const soundOffered = slots.generateAudio;
  useEffect(() => {
    if (!soundOffered && form.getValues('generate_audio')) form.setValue('generate_audio', false);
  }, [soundOffered, form]);

  // A template's own ratio and duration become the settings each time it is chosen.
  const appliedTemplate = useRef<string | null>(start?.template ?? null);
  useEffect(() => {
    if (!template || appliedTemplate.current === template.slug) return;
    appliedTemplate.current = template.slug;
    const own = templateDefaults(template);
    if (own.ratio) form.setValue('ratio', own.ratio);
    if (own.duration !== undefined) form.setValue('duration', String(own.duration));
  }, [template, form]);

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

  const estimate = estimateCredits(prices, chosen?.id ?? ruleTierId, seconds);
  const notes = videoNotes(words, tierName, tiers, { model, duration, resolution, images, videos, audios }, ruleTier);

  async function send(body: VideoRequestBody) {
    await charged.charge(
      async () => {
        const answer = await submitVideo.mutateAsync(body);
        void utils.videos.get.invalidate();
        revealResults(results);
        // The answer names the task; what it was charged is on the task itself.
        const read = await utils.videos.get.fetch({ id: answer.id }).catch(() => null);
        onSubmitted({ id: answer.id, credits: read?.task?.credits ?? null });
      },
      (path) => videoFieldName(path, source, template),
    );
  }

  function submit(e?: BaseSyntheticEvent) {
    charged.submit(e, send, submitVideo.isPending);
  }

  function chooseSource(next: VideoSource) {
    form.setValue('source', next);
    form.clearErrors();
  }

  function chooseTemplate(slug: string) {
    form.setValue('template', slug);
    form.clearErrors('template');
  }

  return {
    form,
    submit,
    chooseSource,
    chooseTemplate,
    source,
    tiers: {
      rows: tiers,
      loading: models.isPending,
      error: models.error,
      chosen,
      effective: tier,
      rule: ruleTier,
      default: defaultTier,
    },
    templates: { query: templatesQuery, rows: templates, chosen: template, asked: templateSlug },
    bounds,
    slots,
    notes,
    credits: charged.credits,
    estimate,
    pending: submitVideo.isPending,
  };
}

export type VideoForm = ReturnType<typeof useVideoForm>;
