import type { CandidateUpstream } from './select';
import type { Capabilities, Media } from './types';

export interface ImageModelEntry {
  id: string;
  kind: 'auto' | 'family' | 'channel';
  /** For a channel: the family it serves. */
  family: string | null;
  capabilities: {
    reference_images: boolean;
    /** Every model behind the entry only edits: a request without reference images is refused. */
    requires_reference_images: boolean;
    transparent_background: boolean;
    mask: boolean;
    qualities: string[];
  };
}

export interface VideoTierEntry {
  id: string;
  kind: 'tier';
  duration: { min: number; max: number };
  /** The seconds the tier makes: every duration some channel serving it makes. */
  durations: number[];
  resolutions: string[];
  /** Resolutions made at some of `durations` only (1080p at 8 s when only Veo makes 1080p); absent: none. */
  resolution_durations?: Record<string, number[]>;
  first_frame: boolean;
  last_frame: boolean;
  /** The resolutions a last frame is taken at, when not all of `resolutions` (Kling: 1080p); absent: all. */
  last_frame_resolutions?: string[];
  reference_images: boolean;
  reference_video: boolean;
  reference_audio: boolean;
  generate_audio: boolean;
}

type Entry = { upstream: CandidateUpstream; caps: Capabilities; family: string };

function entries(fleet: CandidateUpstream[], media: Media, binding: string | null): Entry[] {
  const all = fleet
    .filter((u) => u.enabled)
    .flatMap((u) =>
      u.models
        .filter((m) => m.media.includes(media))
        .map((m) => ({ upstream: u, caps: m.capabilities, family: m.family })),
    );
  if (!binding) return all;
  return all.filter((e) => e.upstream.name === binding || e.family === binding);
}

/**
 * OR of the capabilities of several models: a family can do what at least one of its channels can. It
 * needs references only when all of them do (one that does not serves prompt-only requests).
 */
function union(caps: Capabilities[]): ImageModelEntry['capabilities'] {
  return {
    reference_images: caps.some((c) => c.reference_images === true),
    requires_reference_images: caps.length > 0 && caps.every((c) => c.requires_reference_images === true),
    transparent_background: caps.some((c) => c.transparent_background === true),
    mask: caps.some((c) => c.mask === true),
    qualities: [...new Set(caps.flatMap((c) => c.qualities ?? []))],
  };
}

/** What a caller may pass as `model` for images: `auto`, families and channel names, with capabilities only. */
export function imageModels(fleet: CandidateUpstream[], binding: string | null): ImageModelEntry[] {
  const list = entries(fleet, 'image', binding);
  const families = new Map<string, Capabilities[]>();
  for (const e of list) families.set(e.family, [...(families.get(e.family) ?? []), e.caps]);
  return [
    { id: 'auto', kind: 'auto', family: null, capabilities: union(list.map((e) => e.caps)) },
    ...[...families].map(([id, caps]) => ({ id, kind: 'family' as const, family: null, capabilities: union(caps) })),
    ...list.map((e) => ({
      id: e.upstream.name,
      kind: 'channel' as const,
      family: e.family,
      capabilities: union([e.caps]),
    })),
  ];
}

/** The seconds a model makes: its discrete list, else every second of its range. */
function secondsOf(c: Capabilities): number[] {
  if (c.durations) return c.durations;
  if (!c.duration) return [];
  return Array.from({ length: c.duration.max - c.duration.min + 1 }, (_, i) => (c.duration?.min ?? 0) + i);
}

const sorted = (xs: Iterable<number>) => [...new Set(xs)].sort((a, b) => a - b);
const makes = (c: Capabilities, r: string) => c.resolutions?.some((x) => x.toLowerCase() === r.toLowerCase()) ?? false;

/**
 * The combination rules of a tier across its channels: a resolution is made at fewer durations than the tier's
 * when every channel making it is so restricted; a last frame is taken at fewer resolutions when every channel
 * taking one is. Absent where nothing is restricted.
 */
function combinations(
  caps: Capabilities[],
  resolutions: string[],
  durations: number[],
): Pick<VideoTierEntry, 'resolution_durations' | 'last_frame_resolutions'> {
  const byResolution: Record<string, number[]> = {};
  for (const r of resolutions) {
    const seconds = sorted(
      caps
        .filter((c) => makes(c, r))
        .flatMap((c) => {
          const rule = Object.entries(c.resolution_durations ?? {}).find(([x]) => x.toLowerCase() === r.toLowerCase());
          return rule ? rule[1].filter((d) => secondsOf(c).includes(d)) : secondsOf(c);
        }),
    );
    if (seconds.length < durations.length) byResolution[r] = seconds;
  }
  const tails = caps.filter((c) => c.last_frame === true);
  const lastFrame = resolutions.filter((r) =>
    tails.some(
      (c) => makes(c, r) && (c.last_frame_resolutions?.some((x) => x.toLowerCase() === r.toLowerCase()) ?? true),
    ),
  );
  return {
    ...(Object.keys(byResolution).length > 0 ? { resolution_durations: byResolution } : {}),
    ...(tails.length > 0 && lastFrame.length < resolutions.length ? { last_frame_resolutions: lastFrame } : {}),
  };
}

/**
 * The video tiers with their duration bounds, the seconds they make and what they accept (across the channels
 * that serve them), with the combinations their channels refuse.
 */
export function videoTiers(fleet: CandidateUpstream[], binding: string | null): VideoTierEntry[] {
  const tiers = new Map<string, Capabilities[]>();
  for (const e of entries(fleet, 'video', binding)) tiers.set(e.family, [...(tiers.get(e.family) ?? []), e.caps]);
  return [...tiers].map(([id, caps]) => {
    const resolutions = [...new Set(caps.flatMap((c) => c.resolutions ?? []))];
    const durations = sorted(caps.flatMap(secondsOf));
    return {
      id,
      kind: 'tier',
      duration: {
        min: Math.min(...caps.map((c) => c.duration?.min ?? Infinity)),
        max: Math.max(...caps.map((c) => c.duration?.max ?? 0)),
      },
      durations,
      resolutions,
      first_frame: caps.some((c) => c.first_frame === true),
      last_frame: caps.some((c) => c.last_frame === true),
      ...combinations(caps, resolutions, durations),
      reference_images: caps.some((c) => c.reference_images === true),
      reference_video: caps.some((c) => c.reference_video === true),
      reference_audio: caps.some((c) => c.reference_audio === true),
      generate_audio: caps.some((c) => c.generate_audio === true),
    };
  });
}
