import type { UpstreamRow } from '@/server/db/schema';
import type { ImageQuality } from '@/contracts/jobs';
import { servesRatio } from './sizes';
import type { Capabilities, Media, UpstreamModel } from './types';

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
  /** Image: the aspect ratio asked for (a model that may not crop serves only the ratios of its sizes). */
  ratio?: string;
  referenceImages?: number;
  /** Image: the job sends no image at all, so an edit-only model (`requires_reference_images`) cannot serve it. */
  withoutReferences?: boolean;
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
  /** Chat: function tools in the request. */
  tools?: boolean;
  /** Chat: `response_format` JSON object or JSON schema. */
  jsonMode?: boolean;
  /** Chat: a streamed answer. */
  streaming?: boolean;
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

type NeedRule<K extends keyof Needs> = {
  /** How error texts name the need. */
  label: string;
  /** Whether a model's capabilities meet the need asked for, given the rest of the request (`needs`). */
  met: (caps: Capabilities, wanted: NonNullable<Needs[K]>, needs: Needs) => boolean;
  /**
   * For a need a model may meet alone but not with another need of the request (1080p only at 8 s, a last
   * frame only at 1080p): how error texts name that combination.
   */
  combined?: (needs: Needs) => string;
};

const sameResolution = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The durations a model makes at `resolution`, or undefined when every duration of its range. */
function durationsAt(caps: Capabilities, resolution: string | undefined): number[] | undefined {
  if (!resolution || !caps.resolution_durations) return undefined;
  for (const [r, seconds] of Object.entries(caps.resolution_durations))
    if (sameResolution(r, resolution)) return seconds;
  return undefined;
}

/** Every need and when a model meets it: the one list that matching and error texts both read. */
const NEED_RULES: { [K in keyof Needs]-?: NeedRule<K> } = {
  ratio: { label: 'this aspect ratio', met: (c, r) => servesRatio(c, r) },
  referenceImages: {
    label: 'reference images',
    met: (c, n) => !!c.reference_images && (c.max_reference_images ?? Infinity) >= n,
  },
  withoutReferences: { label: 'an image without reference images', met: (c) => !c.requires_reference_images },
  mask: { label: 'mask repaint', met: (c) => !!c.mask },
  transparentBackground: { label: 'transparent background', met: (c) => !!c.transparent_background },
  quality: { label: 'quality level', met: (c, q) => c.qualities?.includes(q) ?? false },
  duration: {
    label: 'duration',
    met: (c, d, n) =>
      !!c.duration &&
      d >= c.duration.min &&
      d <= c.duration.max &&
      (c.durations?.includes(d) ?? true) &&
      (durationsAt(c, n.resolution)?.includes(d) ?? true),
    combined: (n) => `${n.resolution} at ${n.duration} s`,
  },
  resolution: {
    label: 'resolution',
    met: (c, r) => c.resolutions?.some((x) => sameResolution(x, r)) ?? false,
  },
  firstFrame: { label: 'first frame', met: (c) => !!c.first_frame },
  lastFrame: {
    label: 'last frame',
    met: (c, _, { resolution }) =>
      !!c.last_frame &&
      (!resolution || !c.last_frame_resolutions || c.last_frame_resolutions.some((r) => sameResolution(r, resolution))),
    combined: (n) => `a last frame at ${n.resolution}`,
  },
  referenceVideo: { label: 'reference video', met: (c) => !!c.reference_video },
  referenceAudio: { label: 'reference audio', met: (c) => !!c.reference_audio },
  generateAudio: { label: 'generated audio', met: (c) => !!c.generate_audio },
  vision: { label: 'image input', met: (c) => !!c.vision },
  tools: { label: 'tool calls', met: (c) => !!c.tools },
  jsonMode: { label: 'JSON output (response_format)', met: (c) => !!c.json_mode },
  streaming: { label: 'streaming', met: (c) => !!c.streaming },
};

/** A need is asked for unless absent, false, 0 or empty (a duration of 0 seconds is still a duration). */
function asked(needs: Needs, key: keyof Needs): boolean {
  const v = needs[key];
  return v !== undefined && v !== false && v !== '' && (v !== 0 || key === 'duration');
}

function meets(caps: Capabilities, needs: Needs, key: keyof Needs): boolean {
  const rule = NEED_RULES[key] as NeedRule<typeof key>;
  return rule.met(caps, needs[key] as never, needs);
}

/** Whether a model meets every need of `keys` (the needs asked for); allocation-free, for the hot path. */
function meetsAll(caps: Capabilities, needs: Needs, keys: readonly (keyof Needs)[]): boolean {
  for (const key of keys) if (!meets(caps, needs, key)) return false;
  return true;
}

/** The needs a request asks for, in the order it names them (only its own keys are read: a decision is on the hot path). */
function askedKeys(needs: Needs): (keyof Needs)[] {
  return (Object.keys(needs) as (keyof Needs)[]).filter((k) => Object.hasOwn(NEED_RULES, k) && asked(needs, k));
}

/** Whether a model meets every need the request asks for. */
export function meetsNeeds(caps: Capabilities, needs: Needs): boolean {
  return meetsAll(caps, needs, askedKeys(needs));
}

/** Which of the request's needs a model does not meet (for the error message). */
export function unmetNeeds(caps: Capabilities, needs: Needs): (keyof Needs)[] {
  return askedKeys(needs).filter((key) => !meets(caps, needs, key));
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
export function planRoute(
  upstreams: CandidateUpstream[],
  req: RouteRequest,
  random: () => number = Math.random,
): Plan | PlanFailure {
  let cands = allCandidates(upstreams, req.media);
  const what = req.media === 'video' ? 'video' : req.media === 'chat' || req.media === 'vision' ? 'chat' : 'image';
  let locked = false;

  if (req.binding) {
    const bound = byModelValue(cands, req.binding);
    // Rule 7 binds a tenant's generation; a binding to an image or video model leaves its chat free.
    if (bound) cands = bound.cands;
    else if (what !== 'chat') cands = [];
  }
  const model = req.model && req.model !== 'auto' ? req.model : undefined;
  if (model) {
    const picked = byModelValue(cands, model);
    if (!picked) {
      return {
        kind: 'unknown_model',
        message:
          `Unknown ${what} model "${model}"${req.binding ? ' for this tenant' : ''}; GET ` +
          `/api/${what === 'chat' ? 'models' : 'available-models'} lists the models you can use`,
      };
    }
    cands = picked.cands;
    locked = picked.channel;
  }
  if (req.provider && req.provider !== 'auto') {
    cands = cands.filter((c) => c.upstream.provider === req.provider);
    if (cands.length === 0)
      return { kind: 'unknown_model', message: `No ${what} upstream matches provider "${req.provider}"` };
    locked = true;
  }

  // Rule 6: a capability that nothing in rotation offers is the caller's 400, whatever the health of
  // the fleet; only "nothing to route to right now" is a 503. In rotation: enabled by the operator
  // (retired channels are not loaded). An upstream removed automatically (invalid key, unpaid) is
  // still in rotation: a probe brings it back, so waiting helps and its capabilities still count.
  const needs = askedKeys(req.needs);
  /** The 400 naming what no candidate of `pool` offers; null when one offers everything asked for. */
  const unsupported = (pool: Candidate[]): PlanFailure | null => {
    if (needs.length === 0 || pool.some((c) => meetsAll(c.model.capabilities, req.needs, needs))) return null;
    // Name the needs that no candidate of the pool meets on its own; else the combinations (1080p at 5 s) that no
    // candidate meeting each need on its own makes; else all of them.
    const alone = (c: Candidate, k: keyof Needs) => meets(c.model.capabilities, { [k]: req.needs[k] }, k);
    const single = needs.filter((k) => !pool.some((c) => alone(c, k)));
    const each = pool.filter((c) => needs.every((k) => alone(c, k)));
    const combined = needs.flatMap((k) => {
      const name = NEED_RULES[k].combined;
      return name && each.length > 0 && !each.some((c) => meets(c.model.capabilities, req.needs, k))
        ? [name(req.needs)]
        : [];
    });
    const missing =
      single.length > 0
        ? single.map((k) => NEED_RULES[k].label)
        : combined.length > 0
          ? combined
          : needs.map((k) => NEED_RULES[k].label);
    return {
      kind: 'unsupported',
      missing,
      message:
        `No upstream currently available for ${missing.join(' + ')}${model ? ` with model "${model}"` : ''}. ` +
        `Retrying will not help: change the parameters or wait until it is supported.`,
    };
  };
  const unavailable: PlanFailure = {
    kind: 'unavailable',
    message: `No ${what} upstream is available right now; retry in a few minutes`,
  };

  // One pass (a decision is on the hot path); the failure texts are built only when needed.
  let anyCapable = false;
  let anyEnabled = false;
  let anyEnabledCapable = false;
  const available: Candidate[] = [];
  for (const c of cands) {
    const capable = needs.length === 0 || meetsAll(c.model.capabilities, req.needs, needs);
    anyCapable ||= capable;
    if (!c.upstream.enabled) continue;
    anyEnabled = true;
    if (!capable) continue;
    anyEnabledCapable = true;
    if (!c.upstream.removed) available.push(c);
  }
  // No configured upstream at all has it: 400, even while everything is switched off.
  if (!anyCapable) return unsupported(cands) ?? unavailable;
  if (!anyEnabled) return unavailable;
  // The operator switched off every upstream that has it.
  if (!anyEnabledCapable) return unsupported(cands.filter((c) => c.upstream.enabled)) ?? unavailable;
  if (available.length === 0) return unavailable;

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
        this.available.filter(
          (c) => c !== this.first && (!this.sameGeneration || c.model.family === this.first.model.family),
        ),
        this.random,
      ),
    ];
    return this.#chain;
  }
}
