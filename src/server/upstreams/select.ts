import type { Capabilities, ImageQuality, Media, UpstreamModel } from './types';

/**
 * Candidate filtering and weighted random choice (spec, routing rules 2, 4, 6, 7). Pure: the
 * caller passes the upstreams with their weights and a random source, so it is testable with a seed.
 */

/** Lagging upstreams keep this share of the strongest candidate's weight, so they can recover. */
export const PROBE_SHARE = 0.03;

export interface CandidateUpstream {
  id: string;
  name: string;
  provider: string;
  enabled: boolean;
  removed: boolean;
  models: UpstreamModel[];
  /** Selection weight from the health score. */
  weight: number;
}

export interface Candidate {
  upstream: CandidateUpstream;
  model: UpstreamModel;
}

/** What a request needs of an upstream beyond the media. */
export interface Needs {
  referenceImages?: number;
  mask?: boolean;
  transparentBackground?: boolean;
  quality?: ImageQuality;
  duration?: number;
  resolution?: string;
  firstFrame?: boolean;
  lastFrame?: boolean;
  referenceVideo?: boolean;
  referenceAudio?: boolean;
  generateAudio?: boolean;
  vision?: boolean;
}

export interface RouteRequest {
  media: Media;
  /** Caller's `model`: absent or `auto`, a family, or a channel name. */
  model?: string | undefined;
  /** Caller's `provider`: troubleshooting only; bypasses scoring and fallback. */
  provider?: string | undefined;
  /** The tenant's operator binding: a family or a channel name. */
  binding?: string | null | undefined;
  needs: Needs;
}

export type PlanFailure =
  | { kind: 'unknown_model'; message: string }
  | { kind: 'unsupported'; message: string; missing: string[] }
  | { kind: 'unavailable'; message: string };

export interface Plan {
  /** Ordered fallback chain; the first is the chosen upstream. */
  chain: Candidate[];
  /** True when the caller locked one channel or named a provider: no fallback. */
  locked: boolean;
}

const NEED_LABELS: Record<keyof Needs, string> = {
  referenceImages: 'reference images',
  mask: 'mask repaint',
  transparentBackground: 'transparent background',
  quality: 'quality level',
  duration: 'duration',
  resolution: 'resolution',
  firstFrame: 'first frame',
  lastFrame: 'last frame',
  referenceVideo: 'reference video',
  referenceAudio: 'reference audio',
  generateAudio: 'generated audio',
  vision: 'image input',
};

/** Which of the request's needs a model does not meet. */
export function unmetNeeds(caps: Capabilities, needs: Needs): (keyof Needs)[] {
  const missing: (keyof Needs)[] = [];
  if (needs.referenceImages && (!caps.reference_images || (caps.max_reference_images ?? Infinity) < needs.referenceImages)) {
    missing.push('referenceImages');
  }
  if (needs.mask && !caps.mask) missing.push('mask');
  if (needs.transparentBackground && !caps.transparent_background) missing.push('transparentBackground');
  if (needs.quality && !(caps.qualities ?? []).includes(needs.quality)) missing.push('quality');
  if (needs.duration !== undefined && (!caps.duration || needs.duration < caps.duration.min || needs.duration > caps.duration.max)) {
    missing.push('duration');
  }
  if (needs.resolution && !(caps.resolutions ?? []).some((r) => r.toLowerCase() === needs.resolution?.toLowerCase())) {
    missing.push('resolution');
  }
  if (needs.firstFrame && !caps.first_frame) missing.push('firstFrame');
  if (needs.lastFrame && !caps.last_frame) missing.push('lastFrame');
  if (needs.referenceVideo && !caps.reference_video) missing.push('referenceVideo');
  if (needs.referenceAudio && !caps.reference_audio) missing.push('referenceAudio');
  if (needs.generateAudio && !caps.generate_audio) missing.push('generateAudio');
  if (needs.vision && !caps.vision) missing.push('vision');
  return missing;
}

function servesMedia(model: UpstreamModel, media: Media): boolean {
  return model.media.includes(media);
}

function allCandidates(upstreams: CandidateUpstream[], media: Media): Candidate[] {
  return upstreams.flatMap((upstream) =>
    upstream.models.filter((m) => servesMedia(m, media)).map((model) => ({ upstream, model })),
  );
}

/** Narrows by a model value: a channel name selects that channel, anything else a family. */
function byModelValue(cands: Candidate[], value: string): { cands: Candidate[]; channel: boolean } | null {
  const channel = cands.filter((c) => c.upstream.name === value);
  if (channel.length > 0) return { cands: channel, channel: true };
  const family = cands.filter((c) => c.model.family === value);
  if (family.length > 0) return { cands: family, channel: false };
  return null;
}

/**
 * Weighted random order, i.e. weighted sampling without replacement (Efraimidis-Spirakis: sort by
 * u^(1/w), here as log(u)/w), with the probe-share floor. The first element is chosen with
 * probability weight / total weight. O(n log n) with one random number per candidate.
 */
export function weightedOrder<T extends Candidate>(cands: T[], random: () => number): T[] {
  let max = 0;
  for (const c of cands) if (c.upstream.weight > max) max = c.upstream.weight;
  const floor = max > 0 ? max * PROBE_SHARE : 1;
  const keyed = cands.map((c) => ({ c, k: Math.log(random()) / Math.max(c.upstream.weight, floor) }));
  keyed.sort((a, b) => (b.k > a.k ? 1 : b.k < a.k ? -1 : 0));
  return keyed.map((x) => x.c);
}

/**
 * Plans a routed call: filters candidates by media, the caller's model or provider, the tenant's
 * binding, capabilities and availability, then orders them into a fallback chain.
 */
export function planRoute(upstreams: CandidateUpstream[], req: RouteRequest, random: () => number = Math.random): Plan | PlanFailure {
  let cands = allCandidates(upstreams, req.media);
  const what = req.media === 'video' ? 'video' : req.media === 'chat' || req.media === 'vision' ? 'chat' : 'image';
  let locked = false;

  if (req.binding) {
    const bound = byModelValue(cands, req.binding);
    cands = bound ? bound.cands : [];
  }
  const model = req.model && req.model !== 'auto' ? req.model : undefined;
  if (model) {
    const picked = byModelValue(cands, model);
    if (!picked) {
      return {
        kind: 'unknown_model',
        message: `Unknown ${what} model "${model}"${req.binding ? ' for this tenant' : ''}; GET /api/available-models lists the models you can use`,
      };
    }
    cands = picked.cands;
    locked = picked.channel;
  }
  if (req.provider && req.provider !== 'auto') {
    cands = cands.filter((c) => c.upstream.provider === req.provider);
    if (cands.length === 0) return { kind: 'unknown_model', message: `No ${what} upstream matches provider "${req.provider}"` };
    locked = true;
  }

  const needs = Object.entries(req.needs).filter(([, v]) => v !== undefined && v !== false && v !== 0);
  const capable = cands.filter((c) => unmetNeeds(c.model.capabilities, req.needs).length === 0);
  if (capable.length === 0) {
    // Name the needs that no remaining candidate meets on its own, or all of them when only the combination fails.
    const single = needs
      .map(([k]) => k as keyof Needs)
      .filter((k) => !cands.some((c) => !unmetNeeds(c.model.capabilities, { [k]: req.needs[k] }).includes(k)));
    const missing = (single.length > 0 ? single : needs.map(([k]) => k as keyof Needs)).map((k) => NEED_LABELS[k]);
    return {
      kind: 'unsupported',
      missing,
      message: `No upstream currently available for ${missing.join(' + ')}${model ? ` with model "${model}"` : ''}. Retrying will not help: change the parameters or wait until it is supported.`,
    };
  }

  const available = capable.filter((c) => c.upstream.enabled && !c.upstream.removed);
  if (available.length === 0) {
    return { kind: 'unavailable', message: `No ${what} upstream is available right now; retry in a few minutes` };
  }

  if (locked && req.provider) {
    // Troubleshooting: the provider's first available channel, no scoring, no fallback.
    return { chain: available.slice(0, 1), locked: true };
  }
  const ordered = weightedOrder(available, random);
  const first = ordered[0];
  if (!first) return { kind: 'unavailable', message: `No ${what} upstream is available right now` };
  if (locked) return { chain: [first], locked: true };
  // Image and video fallback keep the generation (family or tier) of the first choice.
  const chain = req.media === 'image' || req.media === 'video' ? ordered.filter((c) => c.model.family === first.model.family) : ordered;
  return { chain, locked: false };
}
