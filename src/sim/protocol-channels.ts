import {
  SIM_ANTHROPIC_CHANNEL,
  SIM_ARK_IMAGES_CHANNEL,
  SIM_DASHSCOPE_CHANNEL,
  SIM_FAL_CHANNEL,
  SIM_GEMINI_CHAT_CHANNEL,
  SIM_GEMINI_IMAGE_CHANNEL,
  SIM_REPLICATE_CHANNEL,
  type SimChannel,
} from './channels';
import { SIM_KLING_CHANNEL } from './channels-kling';
import { SIM_MINIMAX_VIDEO_CHANNEL } from './channels-minimax-video';
import { SIM_GEMINI_VEO_CHANNEL } from './channels-gemini-veo';
import { SIM_DASHSCOPE_VIDEO_CHANNEL } from './channels-dashscope-video';
import { SIM_FAL_VIDEO_CHANNEL } from './channels-fal';
import { SIM_REPLICATE_VIDEO_CHANNEL } from './channels-replicate';

/**
 * One simulated channel (or two) per protocol beyond the default set: Anthropic Messages, the Gemini
 * API, Ark images, DashScope, fal's queue, Replicate, Kling, MiniMax, Veo, DashScope's Wan, fal's and Replicate's
 * video. `npm run sim` serves them beside the default
 * channels; Studio's no-configuration default registers only the default set (tests and benchmarks
 * count it), so these are reached by channels an operator adds (the console's presets, the end-to-end
 * tests) or by tests that register them.
 */
export const SIM_PROTOCOL_CHANNELS: readonly SimChannel[] = [
  SIM_ANTHROPIC_CHANNEL,
  SIM_GEMINI_IMAGE_CHANNEL,
  SIM_GEMINI_CHAT_CHANNEL,
  SIM_ARK_IMAGES_CHANNEL,
  SIM_DASHSCOPE_CHANNEL,
  SIM_FAL_CHANNEL,
  SIM_REPLICATE_CHANNEL,
  SIM_KLING_CHANNEL,
  SIM_MINIMAX_VIDEO_CHANNEL,
  SIM_GEMINI_VEO_CHANNEL,
  SIM_DASHSCOPE_VIDEO_CHANNEL,
  SIM_FAL_VIDEO_CHANNEL,
  SIM_REPLICATE_VIDEO_CHANNEL,
];
