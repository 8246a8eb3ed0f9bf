/**
 * The two image families of the mixed-protocol run (mixed-protocols.ts), the upstreams file that serves
 * them from the simulator, and its floor: the same images asked of the simulator through Studio's upstream
 * clients alone.
 */
import { SIM_CHANNELS } from '@/sim/channels';
import { SIM_PROTOCOL_CHANNELS } from '@/sim/protocol-channels';
import { simulatorUpstreams } from '@/server/upstreams/registry';
import type { UpstreamConfig } from '@/server/upstreams/types';
import { benchTarget, cpuMs } from './lib';

/** The two families under test and the simulated channels serving each (one image model per channel). */
export const FAMILIES = {
  single: ['sim-image-b', 'sim-image-c'],
  mixed: ['sim-image-a', 'sim-gemini-image', 'sim-wan', 'sim-fal'],
} as const;
export type Family = keyof typeof FAMILIES;
export const BOTH = ['single', 'mixed'] as const;
export const LABEL: Record<Family, string> = {
  single: 'one protocol (OpenAI Images) ',
  mixed: 'four protocols (2 async)     ',
};

/** The upstreams file: each channel's first image model, renamed into its bench family. */
export function upstreamsFile(origin: string): UpstreamConfig[] {
  const all = simulatorUpstreams(origin, [...SIM_CHANNELS, ...SIM_PROTOCOL_CHANNELS]);
  return BOTH.flatMap((family) =>
    FAMILIES[family].map((name) => {
      const ch = all.find((u) => u.name === name);
      const model = ch?.models.find((m) => m.media.includes('image'));
      if (!ch || !model) throw new Error(`no simulated image channel ${name}`);
      return { ...ch, models: [{ ...model, family: `bench-${family}` }] };
    }),
  );
}

/** The floor: `n` images of each family through Studio's upstream clients straight to the simulator, many at a time. */
export async function clientFloor(
  upstreams: UpstreamConfig[],
  family: Family,
  n: number,
  simPid: number | undefined,
): Promise<{ rate: number; simCpu: number; failed: number }> {
  const { generateImage } = await import('@/server/upstreams/image-call');
  const targets = upstreams.filter((u) => u.models[0]?.family === `bench-${family}`).map(benchTarget);
  let next = 0;
  let failed = 0;
  const cpu0 = cpuMs(simPid);
  const t0 = performance.now();
  // 256 at a time: an asynchronous task waits between polls holding nothing, like a parked worker slot.
  await Promise.all(
    Array.from({ length: 256 }, async () => {
      while (next < n) {
        const target = targets[next++ % targets.length];
        if (!target) break;
        try {
          await generateImage(target, { prompt: 'bench', width: 1024, height: 1024 }, AbortSignal.timeout(60_000));
        } catch {
          failed += 1;
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  return { rate: n / seconds, simCpu: (cpuMs(simPid) - cpu0) / n, failed };
}
