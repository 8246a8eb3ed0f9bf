import type { Target } from '@/server/upstreams/types';
import { probeArk } from '@/server/upstreams/providers/ark-video/ark-video';
import { probeOpenAi } from '@/server/upstreams/providers/openai-images/openai-images';

/** A cheap authenticated call per protocol; success means the upstream may return to rotation. */
export function probe(target: Target, signal: AbortSignal): Promise<void> {
  return target.adapter === 'ark-video' ? probeArk(target, signal) : probeOpenAi(target, signal);
}
