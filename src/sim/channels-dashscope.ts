import type { SimChannelBase } from './channel-types';

/** The simulated DashScope channel's catalogue (re-exported by channels.ts). */

/**
 * One model of a DashScope channel: its endpoint (text-to-image, or image edit with `input.images`), the
 * sizes it takes as DashScope documents them (`W*H`: a list, or a rule), and its reference images.
 */
export interface SimDashScopeModel {
  model: string;
  family: string;
  /**
   * `edit`: Qwen-Image-Edit, one synchronous call with `input.messages` (not a task); `function-edit`: Wan 2.1
   * image editing, a task on the image2image endpoint with `function` and `base_image_url`.
   */
  kind: 't2i' | 'i2i' | 'edit' | 'function-edit';
  /** null: the model takes no `size` (Qwen-Image-Edit itself: the result follows the last input image). */
  sizes: readonly string[] | SimDashScopeSizeRule | null;
  /** i2i and edit: how many input images one call takes (1 to this); t2i: 0. */
  maxReferenceImages: number;
  costUsd: number;
}

export interface SimDashScopeSizeRule {
  min_side?: number;
  max_side?: number;
  min_pixels?: number;
  max_pixels?: number;
  max_aspect?: number;
}

/** Alibaba Cloud Model Studio (DashScope) asynchronous image tasks; `models` lists `capabilities.models`' ids. */
export interface SimDashScopeChannel extends SimChannelBase {
  adapter: 'dashscope';
  capabilities: { models: SimDashScopeModel[] };
}

/** Wan 2.2 text-to-image: each side 512–1440 (the Wan text-to-image V2 API reference). */
const WAN22_SIZES: SimDashScopeSizeRule = { min_side: 512, max_side: 1440, max_pixels: 1440 * 1440 };
/** Qwen-Image: five fixed sizes (the Qwen-Image API reference). */
export const QWEN_IMAGE_SIZES: readonly string[] = ['1664*928', '1472*1140', '1328*1328', '1140*1472', '928*1664'];
/** Wan 2.5 image edit: 768*768 to 1280*1280 pixels, between 1:4 and 4:1. */
const WAN25_EDIT_SIZES: SimDashScopeSizeRule = { min_pixels: 768 * 768, max_pixels: 1280 * 1280, max_aspect: 4 };
/** Qwen-Image-Edit plus: `size` with each side 512–2048 (the Qwen image editing API reference). */
const QWEN_EDIT_SIZES: SimDashScopeSizeRule = { min_side: 512, max_side: 2048 };

/**
 * The simulated DashScope channel (`sim-wan`): not in the default set (tests and benchmarks count the
 * default channels); a simulator started with `channels: [...SIM_CHANNELS, SIM_DASHSCOPE_CHANNEL]` serves it.
 */
export const SIM_DASHSCOPE_CHANNEL: SimDashScopeChannel = {
  name: 'sim-wan',
  adapter: 'dashscope',
  family: 'wan-image',
  models: [
    'wan2.2-t2i-flash',
    'qwen-image-plus',
    'wan2.5-i2i-preview',
    'qwen-image-edit-plus',
    'qwen-image-edit',
    'wanx2.1-imageedit',
  ],
  media: ['image'],
  capabilities: {
    models: [
      {
        model: 'wan2.2-t2i-flash',
        family: 'wan-image',
        kind: 't2i',
        sizes: WAN22_SIZES,
        maxReferenceImages: 0,
        costUsd: 0.025,
      },
      {
        model: 'qwen-image-plus',
        family: 'qwen-image',
        kind: 't2i',
        sizes: QWEN_IMAGE_SIZES,
        maxReferenceImages: 0,
        costUsd: 0.03,
      },
      {
        model: 'wan2.5-i2i-preview',
        family: 'wan-edit',
        kind: 'i2i',
        sizes: WAN25_EDIT_SIZES,
        maxReferenceImages: 3,
        costUsd: 0.03,
      },
      {
        model: 'qwen-image-edit-plus',
        family: 'qwen-image-edit',
        kind: 'edit',
        sizes: QWEN_EDIT_SIZES,
        maxReferenceImages: 3,
        costUsd: 0.03,
      },
      {
        model: 'qwen-image-edit',
        family: 'qwen-image-edit',
        kind: 'edit',
        sizes: null,
        maxReferenceImages: 3,
        costUsd: 0.045,
      },
      {
        model: 'wanx2.1-imageedit',
        family: 'wan-edit-2-1',
        kind: 'function-edit',
        sizes: null,
        maxReferenceImages: 1,
        costUsd: 0.02,
      },
    ],
  },
  latencyMs: 0,
  costUsd: 0.025,
  costUnit: 'image',
};
