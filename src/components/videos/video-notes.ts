import { MAX_VIDEO_IMAGES } from '@/contracts/videos';
import {
  chosenTier,
  effectiveTier,
  HD_TIER,
  imageCounts,
  PRO_TIER,
  type VideoFormWords,
  type VideoTier,
  type VideoValues,
} from './video-form';

/**
 * What the Video page says about its settings: the automatic rule, what the chosen images become and
 * warnings about values the tier does not take. Plain functions; the words come in as `t`, a
 * translator of `videos.form`, and tiers are named by `name` (`useTierName`: "Video 2.0 Pro", not its id).
 */

/** A tier's name from its id. */
export type TierNameOf = (id: string) => string;

/** How the tier list describes the automatic choice. */
export function autoRuleText(t: VideoFormWords, name: TierNameOf, defaultTier: string | null): string {
  // `none` stands for no default tier (the message names it in words); a tier name never reads so.
  return t('autoRule', { pro: name(PRO_TIER), hd: name(HD_TIER), fallback: defaultTier ? name(defaultTier) : 'none' });
}

/** What the images do, by how many are chosen. */
export function imageRole(t: VideoFormWords, index: number, count: number): string {
  if (count <= 2) return index === 0 ? t('firstFrame') : t('lastFrame');
  return t('reference', { n: index + 1 });
}

/** What the chosen images become, said under the picker. */
export function imagesSummary(t: VideoFormWords, count: number): string {
  if (count === 0) return t('imagesNone');
  if (count === 1) return t('imagesFirst');
  if (count === 2) return t('imagesFirstLast');
  return t('imagesReferences', { count });
}

function countsText(t: VideoFormWords, counts: number[]): string {
  const parts: string[] = [];
  if (counts.includes(1)) parts.push(t('countFirst'));
  if (counts.includes(2)) parts.push(t('countFirstLast'));
  if (counts.includes(3)) parts.push(t('countReferences', { max: MAX_VIDEO_IMAGES }));
  return parts.join(t('countSeparator')) || t('countNone');
}

/** Warnings about the values against the tier; the server may refuse them, nothing is blocked here. */
export interface VideoNotes {
  duration: string | null;
  resolution: string | null;
  images: string | null;
  videos: string | null;
  audios: string | null;
}

export function videoNotes(
  t: VideoFormWords,
  nameOf: TierNameOf,
  tiers: readonly VideoTier[],
  v: Pick<VideoValues, 'model' | 'duration' | 'resolution' | 'images' | 'videos' | 'audios'>,
  /** For `auto`: the tier the server's rule picks for these settings, which must take the references. */
  ruleTier: VideoTier | null = null,
): VideoNotes {
  const chosen = chosenTier(tiers, v.model);
  const tier = effectiveTier(tiers, v.model);
  const none = { duration: null, resolution: null, images: null, videos: null, audios: null };
  if (!tier) return none;
  const name = chosen ? nameOf(chosen.id) : undefined;
  // Duration and resolution decide the automatic tier, so they are bounded by what any tier makes;
  // references are not part of the rule, so they must suit the tier it picks.
  const refs = chosen ?? ruleTier ?? tier;
  const refName = name ?? (ruleTier ? t('picked', { tier: nameOf(ruleTier.id) }) : undefined);
  const seconds = Number(v.duration);
  const outside =
    v.duration.trim() !== '' &&
    Number.isFinite(seconds) &&
    (seconds < tier.duration.min || seconds > tier.duration.max);
  const counts = imageCounts(refs);
  const images =
    v.images.length === 0 || counts.includes(v.images.length)
      ? null
      : counts.length === 0
        ? refName
          ? t('noImages', { tier: refName })
          : t('noneOffer', { what: 'images' })
        : refName
          ? t('imageCount', { tier: refName, allowed: countsText(t, counts) })
          : t('noneOfferImages', { count: v.images.length });
  const range = { min: tier.duration.min, max: tier.duration.max };
  return {
    duration: !outside ? null : name ? t('durationRange', { tier: name, ...range }) : t('durationRangeAuto', range),
    resolution:
      v.resolution && !tier.resolutions.includes(v.resolution)
        ? name
          ? t('resolutionNotOffered', { tier: name, resolution: v.resolution })
          : t('resolutionNoTier', { resolution: v.resolution })
        : null,
    images,
    videos:
      v.videos.length > 0 && !refs.reference_video
        ? refName
          ? t('noVideos', { tier: refName })
          : t('noneOffer', { what: 'videos' })
        : null,
    audios:
      v.audios.length > 0 && !refs.reference_audio
        ? refName
          ? t('noAudios', { tier: refName })
          : t('noneOffer', { what: 'audios' })
        : null,
  };
}
