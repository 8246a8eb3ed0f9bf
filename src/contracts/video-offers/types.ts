/**
 * What a provider-side video model makes, as its provider's API reference gives it: the catalogue a
 * channel's video tiers are checked against (check.ts), and the table the adapter and the simulator
 * read where they need the same facts. One file per protocol; index.ts registers each.
 */

/** One resolution: Studio's name (`720p`) and the provider's own word where it differs (MiniMax `768P`, Kling `pro`). */
export interface OfferedResolution {
  studio: string;
  provider: string;
}

/** The durations a model makes, in seconds: a list of the only ones, or every whole second of a range. */
export type OfferedDurations = { list: readonly number[] } | { min: number; max: number };

export interface VideoModelOffer {
  /** The provider-side model id a channel sends. */
  model: string;
  durations: OfferedDurations;
  /** Resolutions allowed only at some durations (MiniMax's 1080P at 6 s, Veo's 1080p at 8 s): Studio's name → seconds. */
  resolutionDurations?: Readonly<Record<string, readonly number[]>>;
  resolutions: readonly OfferedResolution[];
  /** Aspect ratios of text to video (image to video follows its image). */
  ratios: readonly string[];
  textToVideo: boolean;
  firstFrame: boolean;
  /** The resolutions (Studio's names) at which it takes a last frame; empty: no last frame. */
  lastFrame: readonly string[];
  /** The most reference images one task takes; 0: none. */
  referenceImages: number;
  referenceVideo: boolean;
  referenceAudio: boolean;
  /** Its own soundtrack: `always` (Veo 3), `optional` (asked for per task), `none`. */
  sound: 'always' | 'optional' | 'none';
}

/** A protocol's catalogue: the reference it follows and its models by provider-side id. */
export interface ProtocolOffers {
  /** The channel adapter (protocol) the offers belong to, as `src/contracts/upstreams.ts` names it. */
  protocol: string;
  reference: string;
  models: Readonly<Record<string, VideoModelOffer>>;
  /** The key of a channel's model id in `models` where the two differ (Replicate's `owner/name:version`). */
  keyOf?: (model: string) => string;
}

/** The seconds a duration offer makes, in order (a range as every whole second of it). */
export function offeredSeconds(d: OfferedDurations): number[] {
  if ('list' in d) return [...d.list];
  return Array.from({ length: d.max - d.min + 1 }, (_, i) => d.min + i);
}

/** Studio's names of an offer's resolutions. */
export const studioResolutions = (offer: VideoModelOffer): string[] => offer.resolutions.map((r) => r.studio);

/**
 * The capabilities of a channel's video model that are checked against an offer: the video fields of
 * `Capabilities` (`src/contracts/upstreams.ts`), named here so this catalogue stays below the schemas that use it.
 */
export interface VideoCapabilities {
  duration?: { min: number; max: number } | undefined;
  durations?: number[] | undefined;
  resolutions?: string[] | undefined;
  first_frame?: boolean | undefined;
  last_frame?: boolean | undefined;
  reference_images?: boolean | undefined;
  max_reference_images?: number | undefined;
  reference_video?: boolean | undefined;
  reference_audio?: boolean | undefined;
  generate_audio?: boolean | undefined;
}
