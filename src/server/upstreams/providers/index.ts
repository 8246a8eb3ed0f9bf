import type { Media, Target, UpstreamModel } from '@/server/upstreams/types';
import { anthropic } from './anthropic/anthropic';
import { arkImages } from './ark-images/ark-images';
import { arkVideo } from './ark-video/ark-video';
import { dashscope } from './dashscope/dashscope';
import { dashscopeVideo } from './dashscope-video/dashscope-video';
import { geminiChat } from './gemini/gemini-chat';
import { geminiImages } from './gemini/gemini-images';
import { falQueue } from './fal-queue/fal-queue';
import { falQueueVideo } from './fal-queue/fal-video';
import { kling } from './kling/kling';
import { minimaxVideo } from './minimax-video/minimax-video';
import { geminiVeo } from './gemini-veo/gemini-veo';
import { openAiChat } from './openai-chat/openai-chat';
import { openAiImages } from './openai-images/openai-images';
import { replicate } from './replicate/replicate';
import { replicateVideo } from './replicate/replicate-video';
import type { ChatProvider, ImageProvider, ImageTaskProvider, Provider, ProviderTable, VideoProvider } from './types';

/**
 * Every protocol Studio speaks, by the `adapter` a channel names: one line each. Routing picks a
 * channel; the domain asks this table for its protocol and calls it through the media's interface
 * (providers/types.ts), never a protocol's functions by name.
 */
const PROVIDERS: ProviderTable = {
  'openai-images': [openAiImages],
  'openai-chat': [openAiChat],
  'ark-video': [arkVideo],
  anthropic: [anthropic],
  'ark-images': [arkImages],
  dashscope: [dashscope],
  replicate: [replicate, replicateVideo],
  gemini: [geminiImages, geminiChat],
  'fal-queue': [falQueue, falQueueVideo],
  kling: [kling],
  'minimax-video': [minimaxVideo],
  'gemini-veo': [geminiVeo],
  'dashscope-video': [dashscopeVideo],
};

/** The media's side of a protocol that carries several (Gemini: images and chat); vision is chat's. */
const sideOf = (media: Media): Provider['media'] => (media === 'vision' ? 'chat' : media);

/** The protocol of a channel for one of its models: the side that carries the model's media. */
export function providerFor(target: Pick<Target, 'adapter'>, model: Pick<UpstreamModel, 'media'>): Provider {
  const sides = PROVIDERS[target.adapter];
  const wanted = new Set(model.media.map(sideOf));
  return sides.find((p) => wanted.has(p.media)) ?? sides[0];
}

function providerOf<M extends Provider['media']>(
  target: Pick<Target, 'adapter'>,
  media: M,
): Extract<Provider, { media: M }> {
  const provider = PROVIDERS[target.adapter].find((p) => p.media === media);
  // Routing filters channels by media before any call, so a mismatch is a bug here, not a caller's error.
  if (provider?.media !== media) throw new Error(`${target.adapter} does not carry ${media}`);
  return provider as Extract<Provider, { media: M }>;
}

export const imageProvider = (target: Pick<Target, 'adapter'>): ImageProvider | ImageTaskProvider =>
  providerOf(target, 'image');
export const chatProvider = (target: Pick<Target, 'adapter'>): ChatProvider => providerOf(target, 'chat');
export const videoProvider = (target: Pick<Target, 'adapter'>): VideoProvider => providerOf(target, 'video');

/** A cheap authenticated call per protocol; success means the upstream may return to rotation. */
export function probe(target: Target, signal: AbortSignal): Promise<void> {
  return PROVIDERS[target.adapter][0].probe(target, signal);
}
