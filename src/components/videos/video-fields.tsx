'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useController, useFormContext } from 'react-hook-form';
import { MAX_VIDEO_IMAGES } from '@/contracts/videos';
import { CoinsIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import {
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
  FormRootError,
} from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { SegmentedField } from '@/components/fields/segmented-field';
import { isForm } from '@/components/fields/field-model';
import { FieldsForm, SentenceField, submitOnModEnter } from '@/components/fields/fields-form';
import { RecipeField } from '@/components/fields/recipe-field';
import type { RecipeOption } from '@/components/fields/recipe-picker';
import { RatioGlyph } from '@/components/playground/ratio-glyph';
import { ReferencePicker } from '@/components/playground/reference-picker';
import { DurationField } from './duration-field';
import { MediaPicker } from './media-picker';
import { TierField } from './tier-field';
import type { VideoForm, VideoTemplate } from './use-video-form';
import { templateKey, VIDEO_RATIOS, type VideoFormWords, type VideoValues } from './video-form';
import { imageRole, imagesSummary } from './video-notes';
import { ShortcutHint } from '@/components/fields/shortcut-hint';
import { resolutionLabel } from './resolution-label';
import { useTierName } from '@/components/tiers/tier-names';
import { usePersonalAccount } from '@/components/console/personal-account';

/** The longest prompt the API takes. */
const PROMPT_MAX = 8000;

/** The written prompt; Ctrl/⌘+Enter submits. */
export function VideoPromptField({ submit }: { submit: () => void }) {
  const t = useTranslations('videos.fields');
  const format = useFormatter();
  const { control } = useFormContext<VideoValues>();
  return (
    <FormField
      control={control}
      name="prompt"
      render={({ field, fieldState }) => (
        <FormItem>
          <div className="flex items-baseline justify-between gap-2">
            <FormLabel>{t('prompt')}</FormLabel>
            <span
              className={cn(
                'text-xs tabular-nums',
                field.value.length > PROMPT_MAX ? 'text-rose-600' : 'text-slate-500',
              )}
            >
              {t('promptCount', { count: format.number(field.value.length), max: format.number(PROMPT_MAX) })}
            </span>
          </div>
          <FormControl described={!fieldState.error}>
            <Textarea
              {...field}
              rows={5}
              maxLength={PROMPT_MAX}
              onKeyDown={submitOnModEnter(submit)}
              placeholder={t('promptPlaceholder')}
              className="min-h-32 resize-y leading-6"
            />
          </FormControl>
          {fieldState.error ? (
            <FormMessage />
          ) : (
            <FormDescription>
              {t('promptHint')}
              <ShortcutHint />
            </FormDescription>
          )}
        </FormItem>
      )}
    />
  );
}

/** What the template picker says about a template's group and lock, in the page's language. */
interface OptionWords {
  mine: string;
  platform: string;
  lockedReason: string;
}

function templateOption(t: VideoTemplate, words: OptionWords): RecipeOption {
  const own = t.generation_configs.find((c) => c.ratio)?.ratio ?? null;
  return {
    value: t.slug,
    name: t.zh_name,
    description: t.description,
    thumb: t.sample_cover_image,
    ratio: own,
    keywords: `${t.slug} ${t.category}`,
    group: t.source === 'mine' ? words.mine : words.platform,
    locked: t.locked,
    lockedReason: words.lockedReason,
  };
}

/** A video template and what it asks for. */
export function VideoTemplateFields({ video }: { video: VideoForm }) {
  const t = useTranslations('videos.fields');
  const { templates, submit } = video;
  const chosen = templates.chosen;
  const words = { mine: t('mine'), platform: t('platform'), lockedReason: t('lockedReason') };
  return (
    <>
      <RecipeField
        name="template"
        noun="template"
        catalogue={templates}
        options={templates.rows.map((row) => templateOption(row, words))}
        onChange={video.chooseTemplate}
        empty={t.rich('noTemplates', {
          link: (chunks) => (
            <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
              {chunks}
            </Link>
          ),
        })}
      />
      {chosen &&
        (isForm(chosen.fields) ? (
          <FieldsForm
            key={chosen.slug}
            draftKey={templateKey(chosen.slug)}
            fields={chosen.fields}
            onSubmitShortcut={submit}
          />
        ) : (
          <SentenceField
            key={chosen.slug}
            draftKey={templateKey(chosen.slug)}
            label={t('templateInputs')}
            required={false}
            onSubmitShortcut={submit}
            placeholder={t('templateSentencePlaceholder')}
            hint={t('templateSentenceHint')}
          />
        ))}
    </>
  );
}

/** Tier, duration, shape, resolution and sound. */
export function VideoSettings({ video }: { video: VideoForm }) {
  const t = useTranslations('videos.fields');
  const tierName = useTierName();
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
          legend={t('ratio')}
          options={VIDEO_RATIOS.map((r) => ({ value: r, label: <RatioLabel ratio={r} />, ariaLabel: r }))}
          description={formState.errors.ratio?.message}
        />
      </div>

      <SegmentedField
        name="resolution"
        legend={t('resolution')}
        options={resolutions.map((r) => ({ value: r, label: resolutionLabel(r) }))}
        description={
          formState.errors.resolution?.message ? (
            <span className="text-rose-600">{formState.errors.resolution.message}</span>
          ) : (
            (video.notes.resolution ?? (resolutions.length === 0 ? t('noResolutions') : undefined))
          )
        }
      />

      {video.slots.generateAudio && (
        <div className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <p id="generate-audio-label" className="text-sm font-medium text-slate-700">
              {t('audio')}
            </p>
            <p className="mt-0.5 text-xs text-slate-500">
              {auto && video.tiers.rule ? t('audioAuto', { tier: tierName(video.tiers.rule.id) }) : t('audioHint')}
            </p>
            {formState.errors.generate_audio?.message && (
              <p className="mt-0.5 text-xs text-rose-600">{formState.errors.generate_audio.message}</p>
            )}
          </div>
          <Switch checked={audio.value} onChange={audio.onChange} label={t('audio')} />
        </div>
      )}
    </>
  );
}

/** The images (first frame, last frame, references) and the reference video and audio. */
export function VideoReferences({ video }: { video: VideoForm }) {
  const t = useTranslations('videos.fields');
  const formWords: VideoFormWords = useTranslations('videos.form');
  const { control } = useFormContext<VideoValues>();
  const images = useController({ control, name: 'images' });
  const videos = useController({ control, name: 'videos' });
  const audios = useController({ control, name: 'audios' });
  const tierName = useTierName();
  const name = video.tiers.chosen ? tierName(video.tiers.chosen.id) : undefined;
  const rule = video.tiers.rule ? tierName(video.tiers.rule.id) : undefined;
  const off = (what: 'videos' | 'audios') => {
    const open = what === 'videos' ? video.slots.videos > 0 : video.slots.audios > 0;
    if (open) return null;
    if (name) return what === 'videos' ? t('videosOff', { tier: name }) : t('audiosOff', { tier: name });
    return rule ? t('ruleOff', { tier: rule, what }) : t('noneOff', { what });
  };
  const focusable = (ref: (el: { focus: () => void } | null) => void) => (el: HTMLFieldSetElement | null) =>
    ref(el && { focus: () => el.scrollIntoView({ behavior: 'smooth', block: 'center' }) });

  return (
    <>
      <ReferencePicker
        ref={focusable(images.field.ref)}
        legend={t('images')}
        selected={images.field.value}
        onChange={images.field.onChange}
        max={Math.max(video.slots.images, Math.min(images.field.value.length, MAX_VIDEO_IMAGES)) || MAX_VIDEO_IMAGES}
        roleOf={(index, count) => imageRole(formWords, index, count)}
        hint={<span data-testid="images-summary">{imagesSummary(formWords, images.field.value.length)}</span>}
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
  const t = useTranslations('videos.fields');
  const personal = usePersonalAccount();
  const format = useFormatter();
  const amount = (n: number) => ({ count: n, amount: format.number(n, 'credits') });
  // Short of the estimate: the button waits, and says why, rather than sending a request that is refused with 402.
  const short = video.estimate !== null && video.credits !== undefined && video.credits < video.estimate;
  return (
    <div className="space-y-3 border-t border-slate-100 pt-5">
      <FormRootError data-testid="video-error" />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CoinsIcon className="size-4 text-indigo-500" />
          <span>
            {video.estimate !== null && (
              <>
                {t.rich('estimate', {
                  ...amount(video.estimate),
                  figure: (chunks) => (
                    <span className="font-semibold text-slate-900" data-testid="video-estimate">
                      {chunks}
                    </span>
                  ),
                  hint: (chunks) => <span className="text-slate-500">{chunks}</span>,
                })}
                <span className="text-slate-500">{' · '}</span>
              </>
            )}
            {t.rich('available', {
              credits: video.credits === undefined ? '…' : format.number(video.credits, 'credits'),
              balance: (chunks) => (
                <span data-testid="video-credits" className="tabular-nums">
                  {chunks}
                </span>
              ),
            })}
          </span>
        </p>
        <Button
          type="submit"
          size="lg"
          disabled={video.pending || short}
          aria-describedby={short ? 'video-shortfall' : undefined}
          className="min-w-36 flex-1 sm:flex-none"
        >
          {video.pending ? (
            <>
              <Spinner /> {t('submitting')}
            </>
          ) : (
            t('generate')
          )}
        </Button>
      </div>
      {short && (
        <p id="video-shortfall" className="text-xs text-amber-700" data-testid="video-shortfall">
          {t(personal ? 'shortfallPersonal' : 'shortfall')}
        </p>
      )}
      <p className="text-xs text-slate-500" data-testid="video-cost-note">
        {lastCost !== null ? t('costNote', { last: t('costAfter', amount(lastCost)), rule: t('cost') }) : t('cost')}
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
