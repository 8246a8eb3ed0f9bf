import type { UpstreamRow } from '../db/schema';
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
  /** The full row when loaded from the database, so a call needs no second read. */
  row?: UpstreamRow;
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
  /** The chosen upstream. */
  first: Candidate;
  /**
   * The fallback chain, the chosen upstream first. Ordered on first use: a decision only needs
   * `first`, and most calls never fall back.
   */
  readonly chain: Candidate[];
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

/** Whether a model meets every need; allocation-free, for the hot path of every decision. */
export function meetsNeeds(caps: Capabilities, needs: Needs): boolean {
  if (needs.referenceImages && (!caps.reference_images || (caps.max_reference_images ?? Infinity) < needs.referenceImages)) return false;
  if (needs.mask && !caps.mask) return false;
  if (needs.transparentBackground && !caps.transparent_background) return false;
  if (needs.quality && !(caps.qualities?.includes(needs.quality) ?? false)) return false;
  if (needs.duration !== undefined && (!caps.duration || needs.duration < caps.duration.min || needs.duration > caps.duration.max)) return false;
  if (needs.resolution) {
    const wanted = needs.resolution.toLowerCase();
    if (!(caps.resolutions?.some((r) => r.toLowerCase() === wanted) ?? false)) return false;
  }
  if (needs.firstFrame && !caps.first_frame) return false;
  if (needs.lastFrame && !caps.last_frame) return false;
  if (needs.referenceVideo && !caps.reference_video) return false;
  if (needs.referenceAudio && !caps.reference_audio) return false;
  if (needs.generateAudio && !caps.generate_audio) return false;
  if (needs.vision && !caps.vision) return false;
  return true;
}

/** Which of the request's needs a model does not meet (for the error message). */
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

/** Candidates per fleet and media, built once per fleet snapshot: decisions then allocate little. */
const candidateCache = new WeakMap<CandidateUpstream[], Map<Media, Candidate[]>>();

function allCandidates(upstreams: CandidateUpstream[], media: Media): Candidate[] {
  let byMedia = candidateCache.get(upstreams);
  if (!byMedia) {
    byMedia = new Map();
    candidateCache.set(upstreams, byMedia);
  }
  let out = byMedia.get(media);
  if (!out) {
    out = [];
    for (const upstream of upstreams) {
      for (const model of upstream.models) if (model.media.includes(media)) out.push({ upstream, model });
    }
    byMedia.set(media, out);
  }
  return out;
}

/** Narrows by a model value: a channel name selects that channel, anything else a family. */
function byModelValue(cands: Candidate[], value: string): { cands: Candidate[]; channel: boolean } | null {
  const channel = cands.filter((c) => c.upstream.name === value);
  if (channel.length > 0) return { cands: channel, channel: true };
  const family = cands.filter((c) => c.model.family === value);
  if (family.length > 0) return { cands: family, channel: false };
  return null;
}

function floorOf(cands: Candidate[]): number {
  let max = 0;
  for (const c of cands) if (c.upstream.weight > max) max = c.upstream.weight;
  return max > 0 ? max * PROBE_SHARE : 1;
}

/** One weighted random choice: probability weight / total, with the probe-share floor. O(n). */
export function weightedPick<T extends Candidate>(cands: T[], random: () => number): T | undefined {
  const floor = floorOf(cands);
  let total = 0;
  for (const c of cands) total += Math.max(c.upstream.weight, floor);
  let r = random() * total;
  for (const c of cands) {
    r -= Math.max(c.upstream.weight, floor);
    if (r < 0) return c;
  }
  return cands[cands.length - 1];
}

/**
 * Weighted random order, i.e. weighted sampling without replacement (Efraimidis-Spirakis: sort by
 * u^(1/w), here as log(u)/w), with the probe-share floor.
 */
export function weightedOrder<T extends Candidate>(cands: T[], random: () => number): T[] {
  const floor = floorOf(cands);
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

  const needs = (Object.keys(req.needs) as (keyof Needs)[]).filter((k) => {
    const v = req.needs[k];
    return v !== undefined && v !== false && v !== 0;
  });
  let capable = cands;
  if (needs.length > 0) {
    capable = [];
    for (const c of cands) if (meetsNeeds(c.model.capabilities, req.needs)) capable.push(c);
  }
  if (capable.length === 0) {
    // Name the needs that no remaining candidate meets on its own, or all of them when only the combination fails.
    const single = needs.filter((k) => !cands.some((c) => !unmetNeeds(c.model.capabilities, { [k]: req.needs[k] }).includes(k)));
    const missing = (single.length > 0 ? single : needs).map((k) => NEED_LABELS[k]);
    return {
      kind: 'unsupported',
      missing,
      message: `No upstream currently available for ${missing.join(' + ')}${model ? ` with model "${model}"` : ''}. Retrying will not help: change the parameters or wait until it is supported.`,
    };
  }

  const available: Candidate[] = [];
  for (const c of capable) if (c.upstream.enabled && !c.upstream.removed) available.push(c);
  if (available.length === 0) {
    return { kind: 'unavailable', message: `No ${what} upstream is available right now; retry in a few minutes` };
  }

  if (locked && req.provider) {
    // Troubleshooting: the provider's first available channel, no scoring, no fallback.
    const only = available[0] as Candidate;
    return { first: only, chain: [only], locked: true };
  }
  const first = weightedPick(available, random);
  if (!first) return { kind: 'unavailable', message: `No ${what} upstream is available right now` };
  if (locked) return { first, chain: [first], locked: true };
  // Image and video fallback keep the generation (family or tier) of the first choice.
  return new LazyPlan(first, available, req.media === 'image' || req.media === 'video', random);
}

/** A plan whose fallback order is drawn only when first asked for. */
class LazyPlan implements Plan {
  readonly locked = false;
  #chain: Candidate[] | undefined;

  constructor(
    readonly first: Candidate,
    private readonly available: Candidate[],
    private readonly sameGeneration: boolean,
    private readonly random: () => number,
  ) {}

  get chain(): Candidate[] {
    this.#chain ??= [
      this.first,
      ...weightedOrder(
        this.available.filter((c) => c !== this.first && (!this.sameGeneration || c.model.family === this.first.model.family)),
        this.random,
      ),
    ];
    return this.#chain;
  }
}
