import { WAN_LINES } from '@/contracts/video-offers/dashscope-video';
import type { SimChannelBase } from './channel-types';

/**
 * The simulated DashScope video channel's catalogue: Wan's video models as the text-to-video, image-to-video
 * (first frame) and first-and-last-frame references give them, and the spec tier each text-to-video model's
 * line serves.
 */

export type WanVideoResolution = '480P' | '720P' | '1080P';

export interface SimWanVideoModel {
  model: string;
  /** t2v: `size` on video-generation; i2v: `img_url` and `resolution` there; kf2v: the image2video endpoint. */
  kind: 't2v' | 'i2v' | 'kf2v';
  resolutions: readonly WanVideoResolution[];
  durations: readonly number[];
  /** `input.audio_url` and `parameters.audio` (Wan 2.5). */
  audio: boolean;
}

/** A text-to-video model's line as the channel serves a tier with it (Studio's upstream definition). */
export interface SimWanVideoTier {
  tier: string;
  model: string;
  resolutions: readonly ('480p' | '720p' | '1080p')[];
  lastFrame: boolean;
  /** The tier's resolutions the line's first-and-last-frame model makes, when not all of them. */
  lastFrameResolutions?: readonly ('480p' | '720p' | '1080p')[];
  costUsd: number;
}

/** Wan video tasks on DashScope; `models` lists `capabilities.models`' ids. */
export interface SimDashScopeVideoChannel extends SimChannelBase {
  adapter: 'dashscope-video';
  capabilities: { models: SimWanVideoModel[]; tiers: SimWanVideoTier[] };
}

/** Text-to-video's sizes per resolution (the text-to-video reference's size table). */
export const WAN_VIDEO_SIZES: Readonly<Record<WanVideoResolution, readonly string[]>> = {
  '480P': ['832*480', '480*832', '624*624'],
  '720P': ['1280*720', '720*1280', '960*960', '1088*832', '832*1088'],
  '1080P': ['1920*1080', '1080*1920', '1440*1440', '1632*1248', '1248*1632'],
};

/** Every model of the catalogue's Wan lines (src/contracts/video-offers/dashscope-video.ts), once each. */
export const SIM_WAN_VIDEO_MODELS: readonly SimWanVideoModel[] = [
  ...new Map(
    Object.values(WAN_LINES).flatMap((line) =>
      (['t2v', 'i2v', 'kf2v'] as const).flatMap((kind) => {
        const m = line[kind];
        return m ? [[m.model, { ...m, kind, audio: line.audio }] as const] : [];
      }),
    ),
  ).values(),
];

/**
 * The simulated DashScope video channel (`sim-wan-video`): not in the default set; a simulator started with
 * `channels: [...SIM_CHANNELS, SIM_DASHSCOPE_VIDEO_CHANNEL]` serves it. Studio registers its tiers only.
 */
export const SIM_DASHSCOPE_VIDEO_CHANNEL: SimDashScopeVideoChannel = {
  name: 'sim-wan-video',
  adapter: 'dashscope-video',
  family: 'videomodel-2-5-pro-260801',
  models: SIM_WAN_VIDEO_MODELS.map((x) => x.model),
  media: ['video'],
  capabilities: {
    models: [...SIM_WAN_VIDEO_MODELS],
    tiers: [
      {
        tier: 'videomodel-2-5-pro-260801',
        model: 'wan2.5-t2v-preview',
        resolutions: ['720p', '1080p'],
        lastFrame: false,
        costUsd: 0.15,
      },
      {
        tier: 'videomodel-2-0-pro-260801',
        model: 'wan2.2-t2v-plus',
        resolutions: ['480p'],
        lastFrame: true,
        costUsd: 0.02,
      },
      {
        // wanx2.1-kf2v-plus makes 720P only: a first and last frame at 480p is refused.
        tier: 'videomodel-2-0-fast-260801',
        model: 'wanx2.1-t2v-turbo',
        resolutions: ['480p', '720p'],
        lastFrame: true,
        lastFrameResolutions: ['720p'],
        costUsd: 0.036,
      },
    ],
  },
  latencyMs: 0,
  costUsd: 0.15,
  costUnit: 'video_second',
};
