import type { Target } from '@/server/upstreams/types';
import { anthropic } from './anthropic/anthropic';
import { arkVideo } from './ark-video/ark-video';
import { openAiChat } from './openai-chat/openai-chat';
import { openAiImages } from './openai-images/openai-images';
import type { ChatProvider, ImageProvider, ImageTaskProvider, Provider, ProviderTable, VideoProvider } from './types';

/**
 * Every protocol Studio speaks, by the `adapter` a channel names: one line each. Routing picks a
 * channel; the domain asks this table for its protocol and calls it through the media's interface
 * (providers/types.ts), never a protocol's functions by name.
 */
const PROVIDERS: ProviderTable = {
  'openai-images': openAiImages,
  'openai-chat': openAiChat,
  'ark-video': arkVideo,
  anthropic,
};

/** The protocol of a channel, whatever its media. */
export const providerFor = (target: Pick<Target, 'adapter'>): Provider => PROVIDERS[target.adapter];

function providerOf<M extends Provider['media']>(
  target: Pick<Target, 'adapter'>,
  media: M,
): Extract<Provider, { media: M }> {
  const provider = PROVIDERS[target.adapter];
  // Routing filters channels by media before any call, so a mismatch is a bug here, not a caller's error.
  if (provider.media !== media) throw new Error(`${target.adapter} does not carry ${media}`);
  return provider as Extract<Provider, { media: M }>;
}

export const imageProvider = (target: Pick<Target, 'adapter'>): ImageProvider | ImageTaskProvider =>
  providerOf(target, 'image');
export const chatProvider = (target: Pick<Target, 'adapter'>): ChatProvider => providerOf(target, 'chat');
export const videoProvider = (target: Pick<Target, 'adapter'>): VideoProvider => providerOf(target, 'video');

/** A cheap authenticated call per protocol; success means the upstream may return to rotation. */
export function probe(target: Target, signal: AbortSignal): Promise<void> {
  return PROVIDERS[target.adapter].probe(target, signal);
}
