import { imageModels, videoTiers, type ImageModelEntry, type VideoTierEntry } from '@/server/upstreams/catalog';
import { loadCandidates, tenantBinding } from '@/server/upstreams/registry';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import type { Deps } from '@/server/domain/deps';

export type AvailableModels =
  | { media_type: 'image'; default: string; models: ImageModelEntry[] }
  | { media_type: 'video'; default: string | null; models: VideoTierEntry[] };

/**
 * What the caller may pass as `model`: for images `auto`, the families and the channels with what
 * each can do; for video the tiers with their duration bounds. A bound tenant sees only its binding.
 */
export async function availableModels(
  { db }: Pick<Deps, 'db'>,
  who: ScopedIdentity,
  input: { media_type: 'image' | 'video' },
): Promise<AvailableModels> {
  const [fleet, binding] = await Promise.all([loadCandidates(db), tenantBinding(db, who.tenantId)]);
  if (input.media_type === 'video') {
    const tiers = videoTiers(fleet, binding);
    return { media_type: 'video', default: tiers[0]?.id ?? null, models: tiers };
  }
  return { media_type: 'image', default: 'auto', models: imageModels(fleet, binding) };
}
