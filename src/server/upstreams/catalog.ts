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
  resolutions: string[];
  first_frame: boolean;
  last_frame: boolean;
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

/** The video tiers with their duration bounds and what they accept (across the channels that serve them). */
export function videoTiers(fleet: CandidateUpstream[], binding: string | null): VideoTierEntry[] {
  const tiers = new Map<string, Capabilities[]>();
  for (const e of entries(fleet, 'video', binding)) tiers.set(e.family, [...(tiers.get(e.family) ?? []), e.caps]);
  return [...tiers].map(([id, caps]) => ({
    id,
    kind: 'tier',
    duration: {
      min: Math.min(...caps.map((c) => c.duration?.min ?? Infinity)),
      max: Math.max(...caps.map((c) => c.duration?.max ?? 0)),
    },
    resolutions: [...new Set(caps.flatMap((c) => c.resolutions ?? []))],
    first_frame: caps.some((c) => c.first_frame === true),
    last_frame: caps.some((c) => c.last_frame === true),
    reference_images: caps.some((c) => c.reference_images === true),
    reference_video: caps.some((c) => c.reference_video === true),
    reference_audio: caps.some((c) => c.reference_audio === true),
    generate_audio: caps.some((c) => c.generate_audio === true),
  }));
}
