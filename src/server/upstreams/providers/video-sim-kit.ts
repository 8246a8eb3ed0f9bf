import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { SIM_CHANNELS, simChannelKey, type SimChannel } from '@/sim/channels';
import { startSim, type RunningSim } from '@/sim/testing';
import { inspectMp4File } from '@/server/domain/videos/media-facts';
import { download } from '@/server/upstreams/providers/http';
import type { VideoProvider, VideoTaskState } from '@/server/upstreams/providers/types';
import type { AdapterKind, Target } from '@/server/upstreams/types';

/**
 * What a video adapter's simulator test (`providers/<protocol>/<protocol>-sim.test.ts`) sets up: the
 * simulator with the protocol's channel beside the default ones (started before the file's tests, closed
 * after), the channel's target, faults armed once, a task followed to its end, and the seconds of the MP4
 * it links to (downloaded with the headers the adapter asks for, as the video run does).
 */
export interface VideoSimKit {
  /** The running simulator (set once the file's tests start). */
  readonly sim: RunningSim;
  target: (model: string, apiKey?: string) => Target;
  signal: () => AbortSignal;
  /** Arms one fault on the channel (`/__sim/faults`, `times: 1`). */
  arm: (body: Record<string, unknown>) => Promise<void>;
  /** Reads the task until it leaves queued/running (every 20 ms); answers every state read. */
  until: (model: string, id: string) => Promise<VideoTaskState[]>;
  /** Seconds of the MP4 at `url`, or null when it is none. */
  mp4Seconds: (url: string | null, model?: string) => Promise<number | null>;
}

export function videoSimKit(opts: {
  channel: SimChannel;
  adapter: AdapterKind;
  provider: VideoProvider;
  /** The channel's key (Kling's is a key pair); default: the simulator's key of the channel. */
  key?: (channel: string) => string;
}): VideoSimKit {
  const ch = opts.channel.name;
  const dir = mkdtempSync(path.join(os.tmpdir(), `studio-${opts.adapter}-`));
  let running: RunningSim | undefined;
  beforeAll(async () => {
    running = await startSim({ channels: [...SIM_CHANNELS, opts.channel] });
  });
  afterAll(() => running?.close());

  const sim = (): RunningSim => {
    if (!running) throw new Error('the simulator is not running yet');
    return running;
  };
  const signal = () => AbortSignal.timeout(5_000);
  const target = (model: string, apiKey = (opts.key ?? simChannelKey)(ch)): Target => ({
    channel: ch,
    adapter: opts.adapter,
    baseUrl: `${sim().url}/${ch}`,
    apiKey,
    model,
    softTimeoutMs: 5_000,
  });
  return {
    get sim() {
      return sim();
    },
    target,
    signal,
    arm: async (body) => {
      expect((await sim().control('/__sim/faults', { json: { channel: ch, times: 1, ...body } })).status).toBe(200);
    },
    until: async (model, id) => {
      const states: VideoTaskState[] = [];
      for (let i = 0; i < 200; i++) {
        const state = await opts.provider.get(target(model), id, signal());
        states.push(state);
        if (state.status !== 'queued' && state.status !== 'running') return states;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('the task never ended');
    },
    mp4Seconds: async (url, model = '') => {
      const { data } = await download(
        url ?? '',
        signal(),
        50 * 1024 * 1024,
        opts.provider.resultHeaders?.(target(model)),
      );
      const file = path.join(dir, `${Math.random()}.mp4`);
      writeFileSync(file, data);
      return (await inspectMp4File(file))?.duration ?? null;
    },
  };
}
