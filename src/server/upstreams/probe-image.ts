import sharp from 'sharp';
import type { ImageInput } from '@/server/upstreams/providers/types';
import type { UpstreamModel } from './types';

/**
 * The input image of a probe or an operator's test call. An edit-only model (`requires_reference_images`)
 * refuses a prompt alone, so it gets one plain square, large enough for every provider's minimum input
 * (DashScope and Ark want at least a few hundred pixels a side); any other model gets none.
 */
export async function probeReferences(model: Pick<UpstreamModel, 'capabilities'>): Promise<ImageInput[]> {
  if (!model.capabilities.requires_reference_images) return [];
  const data = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#d0d0d0' } })
    .png()
    .toBuffer();
  return [{ data, mime: 'image/png', filename: 'probe.png' }];
}
