/**
 * The video protocols `bench:videos` runs side by side: one simulated channel per protocol, its first
 * video model renamed into a tier of its own (`bench-video-<protocol>`), so that each task's protocol is
 * known from its tier; the request each tier is asked for (its shortest duration, first resolution); and
 * the floor of a task creation: the protocol's adapter asking the simulator directly, without Studio.
 */
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
import { simulatorUpstreams } from '@/server/upstreams/registry';
import { videoProvider } from '@/server/upstreams/providers';
import type { Target, UpstreamConfig } from '@/server/upstreams/types';
import { benchTarget, percentile } from './lib';

/** The simulated channel of each protocol under test. */
export const VIDEO_CHANNELS = {
  'ark-video': 'sim-video-a',
  kling: 'sim-kling',
  'minimax-video': 'sim-minimax-video',
  'dashscope-video': 'sim-wan-video',
  'gemini-veo': 'sim-gemini-veo',
} as const;
export type VideoProtocol = keyof typeof VIDEO_CHANNELS;
export const PROTOCOLS = Object.keys(VIDEO_CHANNELS) as VideoProtocol[];

export const tierOf = (protocol: VideoProtocol) => `bench-video-${protocol}`;

/** What a submission of a protocol's tier asks for: a duration and a resolution its model takes. */
export interface VideoAsk {
  protocol: VideoProtocol;
  tier: string;
  duration: number;
  resolution: string;
}

/** The upstreams file (one channel per protocol) and each protocol's request. */
export function videoFleet(origin: string): { upstreams: UpstreamConfig[]; asks: VideoAsk[] } {
  const all = simulatorUpstreams(origin, [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS]);
  const upstreams: UpstreamConfig[] = [];
  const asks: VideoAsk[] = [];
  for (const protocol of PROTOCOLS) {
    const ch = all.find((u) => u.name === VIDEO_CHANNELS[protocol]);
    const model = ch?.models.find((m) => m.media.includes('video'));
    const caps = model?.capabilities;
    if (!ch || !model || !caps?.duration || !caps.resolutions?.[0])
      throw new Error(`no simulated video channel for ${protocol}`);
    upstreams.push({ ...ch, models: [{ ...model, family: tierOf(protocol) }] });
    asks.push({
      protocol,
      tier: tierOf(protocol),
      duration: caps.durations?.[0] ?? caps.duration.min,
      resolution: caps.resolutions[0],
    });
  }
  return { upstreams, asks };
}

/** Where each protocol's adapter reaches its channel. */
export function videoTargets(upstreams: UpstreamConfig[]): Map<VideoProtocol, Target> {
  return new Map(
    PROTOCOLS.map((protocol) => {
      const u = upstreams.find((x) => x.name === VIDEO_CHANNELS[protocol]);
      if (!u) throw new Error(`no upstream for ${protocol}`);
      return [protocol, benchTarget(u)] as const;
    }),
  );
}

export interface Spread {
  p50: number;
  p95: number;
}

/**
 * The floor of submission → upstream task created: `n` task creations per protocol by its adapter straight
 * to the simulator, one at a time, the protocols taking turns (as the measured submissions do).
 */
export async function creationFloor(
  upstreams: UpstreamConfig[],
  asks: VideoAsk[],
  n: number,
): Promise<Map<VideoProtocol, Spread>> {
  const targets = videoTargets(upstreams);
  const times = new Map<VideoProtocol, number[]>(PROTOCOLS.map((p) => [p, []]));
  for (let i = 0; i < n; i++)
    for (const ask of asks) {
      const target = targets.get(ask.protocol) as Target;
      const t0 = performance.now();
      await videoProvider(target).create(
        target,
        { prompt: `floor ${i}`, duration: ask.duration, resolution: ask.resolution, ratio: '16:9' },
        AbortSignal.timeout(30_000),
      );
      times.get(ask.protocol)?.push(performance.now() - t0);
    }
  return new Map(
    [...times].map(([p, list]) => {
      list.sort((a, b) => a - b);
      return [p, { p50: percentile(list, 50), p95: percentile(list, 95) }];
    }),
  );
}

export const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}x` : 'n/a');
