/**
 * Channel catalogue of the Studio upstream simulator.
 *
 * The simulator (`src/sim/server.ts`, started by `src/sim/main.ts`) is a separate HTTP
 * server that speaks three real upstream protocols so Studio's provider adapters can be
 * exercised over real HTTP by tests, benchmarks and the no-configuration default. It is
 * always labelled a simulator: every response carries `x-studio-simulator: 1`, health
 * reports `simulator: true`, and no channel ever reaches a real provider.
 *
 * Each channel is addressed by a path prefix. A channel named `sim-image-a` served on
 * `http://127.0.0.1:4010` has the base URL `http://127.0.0.1:4010/sim-image-a`, below which
 * the provider's own paths apply:
 *
 * - adapter `openai-images`: `POST /v1/images/generations`, `POST /v1/images/edits`
 *   (multipart), `GET /v1/models`
 * - adapter `openai-chat`: `POST /v1/chat/completions` (JSON or SSE stream), `GET /v1/models`
 * - adapter `ark-video`: `POST|GET /api/v3/contents/generations/tasks`,
 *   `GET|DELETE /api/v3/contents/generations/tasks/<id>`
 *
 * Every channel requires `Authorization: Bearer sim-key-<channel>` ({@link simChannelKey});
 * the key is deliberately not part of the catalogue data.
 *
 * This module is plain data with no side effects so Studio can import it to register the
 * channels as upstreams: the default set, the helpers, and (re-exported) each protocol's channels
 * from `channels-<protocol>.ts` and their shapes from `channel-types.ts`. See docs/simulator.md for
 * protocols, faults and the control API.
 */

import type { SimDashScopeChannel } from './channels-dashscope';
import type { SimKlingChannel } from './channels-kling';
import type { SimMiniMaxVideoChannel } from './channels-minimax-video';
import type { SimGeminiVeoChannel } from './channels-gemini-veo';
import type { SimDashScopeVideoChannel } from './channels-dashscope-video';
import type {
  SimAnthropicChannel,
  SimArkImagesChannel,
  SimChatChannel,
  SimFalChannel,
  SimGeminiChannel,
  SimImageChannel,
  SimReplicateChannel,
  SimVideoChannel,
  SimVideoTier,
} from './channel-types';
import { SIM_VIDEO_CHANNELS } from './channels-ark-video';
import { SIM_OPENAI_CHAT_CHANNELS, SIM_OPENAI_IMAGE_CHANNELS } from './channels-openai';

export type * from './channel-types';
export { FIXED_IMAGE_SIZES, FREE_SIZE_RULE } from './channels-openai';
export { SIM_ANTHROPIC_CHANNEL } from './channels-anthropic';
export { SIM_ARK_IMAGES_CHANNEL } from './channels-ark-images';
export {
  QWEN_IMAGE_SIZES,
  SIM_DASHSCOPE_CHANNEL,
  type SimDashScopeChannel,
  type SimDashScopeModel,
  type SimDashScopeSizeRule,
} from './channels-dashscope';
export { SIM_FAL_CHANNEL } from './channels-fal';
export { SIM_FAL_VIDEO_CHANNEL } from './channels-fal';
export { SIM_GEMINI_CHAT_CHANNEL, SIM_GEMINI_IMAGE_CHANNEL } from './channels-gemini';
export { SIM_REPLICATE_CHANNEL, SIM_REPLICATE_VIDEO_CHANNEL } from './channels-replicate';

/**
 * Discriminated on `adapter`, which also decides the shape of `capabilities`. Here rather than in
 * channel-types.ts because DashScope's channel type stands beside its catalogue.
 */
export type SimChannel =
  | SimImageChannel
  | SimChatChannel
  | SimVideoChannel
  | SimAnthropicChannel
  | SimArkImagesChannel
  | SimDashScopeChannel
  | SimReplicateChannel
  | SimGeminiChannel
  | SimFalChannel
  | SimKlingChannel
  | SimMiniMaxVideoChannel
  | SimGeminiVeoChannel
  | SimDashScopeVideoChannel;

export const SIM_DEFAULT_PORT = 4010;
export const SIM_DEFAULT_HOST = '127.0.0.1';

/** The default set: the OpenAI image and chat channels and the Ark video channels. */
export const SIM_CHANNELS: readonly SimChannel[] = [
  ...SIM_OPENAI_IMAGE_CHANNELS,
  ...SIM_OPENAI_CHAT_CHANNELS,
  ...SIM_VIDEO_CHANNELS,
];

export { simChannelKey } from './channel-keys';

export function findSimChannel(name: string): SimChannel | undefined {
  return SIM_CHANNELS.find((c) => c.name === name);
}

/** Base URL a provider adapter should be configured with, e.g. `http://127.0.0.1:4010/sim-image-a`. */
export function simChannelBaseUrl(origin: string, name: string): string {
  return `${origin.replace(/\/+$/, '')}/${name}`;
}

/** The video tier a channel serves under a provider model id (canonical or alias). */
export function findSimVideoTier(channel: SimVideoChannel, model: string): SimVideoTier | undefined {
  return channel.capabilities.tiers.find((t) => t.model === model);
}
