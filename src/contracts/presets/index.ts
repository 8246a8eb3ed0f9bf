import type { AdapterKind } from '@/contracts/upstreams';
import { ANTHROPIC } from './anthropic';
import { ARK_IMAGES_PRESET } from './ark-images';
import { ARK_VIDEO } from './ark-video';
import { DASHSCOPE_PRESET } from './dashscope';
import { DASHSCOPE_VIDEO_PRESET } from './dashscope-video';
import { FAL_QUEUE_PRESET } from './fal-queue';
import { geminiPreset } from './gemini';
import { KLING_PRESET } from './kling';
import { MINIMAX_VIDEO_PRESET } from './minimax-video';
import { GEMINI_VEO_PRESET } from './gemini-veo';
import { OPENAI_CHAT, OPENAI_IMAGES } from './openai';
import { OPENAI_COMPATIBLE_PRESETS } from './openai-compatible';
import { REPLICATE_PRESET } from './replicate';
import type { ChannelPreset } from './types';

export type { ChannelPreset } from './types';

/** Every preset, one import per protocol file: the console's "Add channel" offers them in this order. */
export const CHANNEL_PRESETS: readonly ChannelPreset[] = [
  OPENAI_IMAGES,
  OPENAI_CHAT,
  ANTHROPIC,
  geminiPreset,
  ARK_IMAGES_PRESET,
  ARK_VIDEO,
  KLING_PRESET,
  MINIMAX_VIDEO_PRESET,
  GEMINI_VEO_PRESET,
  DASHSCOPE_VIDEO_PRESET,
  DASHSCOPE_PRESET,
  FAL_QUEUE_PRESET,
  REPLICATE_PRESET,
  ...OPENAI_COMPATIBLE_PRESETS,
];

export const presetsOf = (adapter: AdapterKind): ChannelPreset[] =>
  CHANNEL_PRESETS.filter((p) => p.adapter === adapter);
