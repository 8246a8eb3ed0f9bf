'use client';

import Link from 'next/link';
import { useController, useFormContext } from 'react-hook-form';
import { MAX_VIDEO_IMAGES } from '@/contracts/videos';
import { CoinsIcon } from '../icons';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, FormRootError } from '../ui/form';
import { Spinner } from '../ui/spinner';
import { Switch } from '../ui/switch';
import { Textarea } from '../ui/textarea';
import { SegmentedField } from '../fields/segmented-field';
import { isForm } from '../fields/field-model';
import { FieldsForm, SentenceField, submitOnModEnter } from '../fields/fields-form';
import { RecipeField } from '../fields/recipe-field';
import type { RecipeOption } from '../fields/recipe-picker';
import { RatioGlyph } from '../playground/ratio-glyph';
import { ReferencePicker } from '../playground/reference-picker';
import { DurationField } from './duration-field';
import { MediaPicker } from './media-picker';
import { TierField } from './tier-field';
import type { VideoForm, VideoTemplate } from './use-video-form';
import { imageRole, imagesSummary, templateKey, VIDEO_RATIOS, type VideoValues } from './video-form';

const TEXT = {
  prompt: 'Prompt',
  promptPlaceholder: '清晨的江南小镇，薄雾中一只白鹭掠过水面，镜头缓缓推进 — or any language',
  promptHint: 'Describe the scene and the camera. Any language works. Press Ctrl+Enter to generate.',
  template: 'template',
  templateInputs: 'Your sentence',
  templateSentencePlaceholder: 'Anything to add, in one sentence',
  templateSentenceHint: 'Added to the template as written; leave it empty to use the template as it is.',
  noTemplates: 'No video templates yet. Create one under',
  templatesLink: 'Templates',
  ratio: 'Aspect ratio',
  resolution: 'Resolution',
  noResolutions: 'Resolutions appear once the tiers load.',
  images: 'Images',
  audio: 'Generate sound',
  audioHint: 'Dialogue, effects and music made with the picture.',
  audioAuto: (tier: string) => `Made by ${tier}, the automatic choice for this duration and resolution.`,
  videosOff: (tier: string) => `${tier} does not take reference videos. Choose a tier that does (see the tier list above).`,
  audiosOff: (tier: string) => `${tier} does not take reference audio. Choose a tier that does (see the tier list above).`,
  ruleOff: (tier: string, what: string) =>
    `The automatic choice for this duration and resolution is ${tier}, which does not take ${what}. Choose a tier that does (see the tier list above).`,
  noneOff: (what: string) => `No tier available to you takes ${what}.`,
  cost: 'Credits are charged when the task is accepted and refunded if it fails or is cancelled.',
  costAfter: (n: number) => `The last video was charged ${n} credit${n === 1 ? '' : 's'}.`,
  estimate: (n: number) => `${n} credit${n === 1 ? '' : 's'}`,
  estimateHint: 'estimated',
  available: 'available',
  generate: 'Generate video',
  submitting: 'Submitting…',
  shortfall: 'Not enough credits for this video; choose a shorter duration or a cheaper tier, or ask your operator for more.',
} as const;

const numbers = new Intl.NumberFormat('en-US');

/** The written prompt; Ctrl/⌘+Enter submits. */
export function VideoPromptField({ submit }: { submit: () => void }) {
  const { control } = useFormContext<VideoValues>();
  return (
    <FormField
      control={control}
      name="prompt"
      render={({ field, fieldState }) => (
        <FormItem>
          <div className="flex items-baseline justify-between gap-2">
            <FormLabel>{TEXT.prompt}</FormLabel>
            <span className={cn('text-xs tabular-nums', field.value.length > 8000 ? 'text-rose-600' : 'text-slate-400')}>
              {numbers.format(field.value.length)} / {numbers.format(8000)}
            </span>
          </div>
          <FormControl described={!fieldState.error}>
            <Textarea
              {...field}
              rows={5}
              maxLength={8000}
              lang="zh-CN"
              onKeyDown={submitOnModEnter(submit)}
              placeholder={TEXT.promptPlaceholder}
              className="min-h-32 resize-y leading-6"
            />
          </FormControl>
          {fieldState.error ? <FormMessage /> : <FormDescription>{TEXT.promptHint}</FormDescription>}
        </FormItem>
      )}
    />
  );
}

function templateOption(t: VideoTemplate): RecipeOption {
  const own = t.generation_configs.find((c) => c.ratio)?.ratio ?? null;
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    thumb: t.sample_cover_image,
    ratio: own,
    keywords: `${t.slug} ${t.category}`,
    group: t.source === 'mine' ? 'Your templates' : 'Platform templates',
    locked: t.locked,
    lockedReason: 'Not available to you',
  };
}

/** A video template and what it asks for. */
export function VideoTemplateFields({ video }: { video: VideoForm }) {
  const { templates, submit } = video;
  const chosen = templates.chosen;
  return (
    <>
      <RecipeField
        name="template"
        noun={TEXT.template}
        catalogue={templates}
        options={templates.rows.map(templateOption)}
        onChange={video.chooseTemplate}
        empty={
          <>
            {TEXT.noTemplates}{' '}
            <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
              {TEXT.templatesLink}
            </Link>
            .
          </>
        }
      />
      {chosen &&
        (isForm(chosen.fields) ? (
          <FieldsForm key={chosen.slug} draftKey={templateKey(chosen.slug)} fields={chosen.fields} onSubmitShortcut={submit} />
        ) : (
          <SentenceField
            key={chosen.slug}
            draftKey={templateKey(chosen.slug)}
            label={TEXT.templateInputs}
            required={false}
            onSubmitShortcut={submit}
            placeholder={TEXT.templateSentencePlaceholder}
            hint={TEXT.templateSentenceHint}
          />
        ))}
    </>
  );
}

/** Tier, duration, shape, resolution and sound. */
export function VideoSettings({ video }: { video: VideoForm }) {
  const { control, formState } = useFormContext<VideoValues>();
  const { field: model } = useController({ control, name: 'model' });
  const { field: audio } = useController({ control, name: 'generate_audio' });
  const tier = video.tiers.effective;
  const resolutions = tier?.resolutions ?? [];
  const auto = !video.tiers.chosen;
  return (
    <>
      <TierField
        tiers={video.tiers.rows}
        value={model.value}
        onChange={model.onChange}
        loading={video.tiers.loading}
        error={video.tiers.error}
        problem={formState.errors.model?.message}
        defaultTier={video.tiers.default}
      />

      <DurationField bounds={video.bounds} warning={video.notes.duration} />

      {/* Six shapes: two even rows of three where one row would crowd. */}
      <div className="@container [&_fieldset>div:first-of-type]:grid [&_fieldset>div:first-of-type]:grid-cols-3 @md:[&_fieldset>div:first-of-type]:grid-cols-6">
        <SegmentedField
          name="ratio"
          legend={TEXT.ratio}
          options={VIDEO_RATIOS.map((r) => ({ value: r, label: <RatioLabel ratio={r} />, ariaLabel: r }))}
          description={formState.errors.ratio?.message}
        />
      </div>

      <SegmentedField
        name="resolution"
        legend={TEXT.resolution}
        options={resolutions.map((r) => ({ value: r, label: r }))}
        description={
          formState.errors.resolution?.message ? (
            <span className="text-rose-600">{formState.errors.resolution.message}</span>
          ) : (
            (video.notes.resolution ?? (resolutions.length === 0 ? TEXT.noResolutions : undefined))
          )
        }
      />

      {video.slots.generateAudio && (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p id="generate-audio-label" className="text-sm font-medium text-slate-700">
              {TEXT.audio}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">{auto && video.tiers.rule ? TEXT.audioAuto(video.tiers.rule.id) : TEXT.audioHint}</p>
            {formState.errors.generate_audio?.message && <p className="mt-0.5 text-xs text-rose-600">{formState.errors.generate_audio.message}</p>}
          </div>
          <Switch checked={audio.value} onChange={audio.onChange} label={TEXT.audio} />
        </div>
      )}
    </>
  );
}

/** The images (first frame, last frame, references) and the reference video and audio. */
export function VideoReferences({ video }: { video: VideoForm }) {
  const { control } = useFormContext<VideoValues>();
  const images = useController({ control, name: 'images' });
  const videos = useController({ control, name: 'videos' });
  const audios = useController({ control, name: 'audios' });
  const name = video.tiers.chosen?.id;
  const rule = video.tiers.rule?.id;
  const off = (what: 'videos' | 'audios') => {
    const open = what === 'videos' ? video.slots.videos > 0 : video.slots.audios > 0;
    const noun = what === 'videos' ? 'reference videos' : 'reference audio';
    if (open) return null;
    if (name) return what === 'videos' ? TEXT.videosOff(name) : TEXT.audiosOff(name);
    return rule ? TEXT.ruleOff(rule, noun) : TEXT.noneOff(noun);
  };
  const focusable = (ref: (el: { focus: () => void } | null) => void) => (el: HTMLFieldSetElement | null) =>
    ref(el && { focus: () => el.scrollIntoView({ behavior: 'smooth', block: 'center' }) });

  return (
    <>
      <ReferencePicker
        ref={focusable(images.field.ref)}
        legend={TEXT.images}
        selected={images.field.value}
        onChange={images.field.onChange}
        max={Math.max(video.slots.images, Math.min(images.field.value.length, MAX_VIDEO_IMAGES)) || MAX_VIDEO_IMAGES}
        roleOf={imageRole}
        hint={<span data-testid="images-summary">{imagesSummary(images.field.value.length)}</span>}
        warning={video.notes.images}
        error={images.fieldState.error?.message}
      />
      <MediaPicker
        kind="video"
        ref={focusable(videos.field.ref)}
        selected={videos.field.value}
        onChange={videos.field.onChange}
        max={3}
        disabledReason={off('videos')}
        warning={video.notes.videos}
        error={videos.fieldState.error?.message}
      />
      <MediaPicker
        kind="audio"
        ref={focusable(audios.field.ref)}
        selected={audios.field.value}
        onChange={audios.field.onChange}
        max={3}
        disabledReason={off('audios')}
        warning={video.notes.audios}
        error={audios.fieldState.error?.message}
      />
    </>
  );
}

/** A refusal that names no input, what a video costs, the credits left and the button. */
export function VideoSubmitBar({ video, lastCost }: { video: VideoForm; lastCost: number | null }) {
  return (
    <div className="space-y-3 border-t border-slate-100 pt-5">
      <FormRootError data-testid="video-error" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CoinsIcon className="size-4 text-indigo-500" />
          <span>
            {video.estimate !== null && (
              <>
                <span className="font-semibold text-slate-900" data-testid="video-estimate">
                  {TEXT.estimate(video.estimate)}
                </span>{' '}
                <span className="text-slate-400">{TEXT.estimateHint} · </span>
              </>
            )}
            <span data-testid="video-credits" className="tabular-nums">
              {video.credits === undefined ? '…' : numbers.format(video.credits)}
            </span>{' '}
            {TEXT.available}
          </span>
        </p>
        <Button type="submit" size="lg" disabled={video.pending} className="min-w-36 flex-1 sm:flex-none">
          {video.pending ? (
            <>
              <Spinner /> {TEXT.submitting}
            </>
          ) : (
            TEXT.generate
          )}
        </Button>
      </div>
      {video.estimate !== null && video.credits !== undefined && video.credits < video.estimate && (
        <p className="text-xs text-amber-700">{TEXT.shortfall}</p>
      )}
      <p className="text-xs text-slate-500" data-testid="video-cost-note">
        {lastCost !== null ? `${TEXT.costAfter(lastCost)} ` : ''}
        {TEXT.cost}
      </p>
    </div>
  );
}

function RatioLabel({ ratio }: { ratio: string }) {
  return (
    <>
      <RatioGlyph ratio={ratio} />
      {ratio}
    </>
  );
}
