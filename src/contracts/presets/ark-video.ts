import type { ChannelPreset } from './types';

/**
 * Seedance on Volcengine Ark (China) and BytePlus ModelArk (international): the content-generation task
 * API (`POST /api/v3/contents/generations/tasks`, www.volcengine.com/docs/82379/1520757). Durations,
 * resolutions and frame/reference inputs per model follow that reference's model table; cost_usd is per
 * second of 720p video from Ark's price page (www.volcengine.com/docs/82379/1544106) in US dollars.
 * BytePlus names the same models without the `doubao-` prefix (seedance-1-0-pro-250528): change the
 * provider model id when the channel is in ap-southeast.
 */
const RESOLUTIONS = ['480p', '720p', '1080p'];

export const ARK_VIDEO: ChannelPreset = {
  id: 'ark-video',
  adapter: 'ark-video',
  provider: 'Volcengine Ark',
  baseUrls: [
    { region: 'cn-beijing', url: 'https://ark.cn-beijing.volces.com' },
    { region: 'ap-southeast', url: 'https://ark.ap-southeast.bytepluses.com' },
  ],
  reference: 'https://www.volcengine.com/docs/82379/1520757',
  models: [
    {
      family: 'seedance-2-0',
      model: 'doubao-seedance-2-0-260128',
      media: ['video'],
      cost_usd: 0.166,
      capabilities: {
        duration: { min: 4, max: 15 },
        resolutions: RESOLUTIONS,
        first_frame: true,
        last_frame: true,
        reference_images: true,
        max_reference_images: 9,
        reference_video: true,
        reference_audio: true,
        generate_audio: true,
      },
    },
    {
      family: 'seedance-2-0-fast',
      model: 'doubao-seedance-2-0-fast-260128',
      media: ['video'],
      cost_usd: 0.133,
      capabilities: {
        duration: { min: 4, max: 15 },
        // No 1080p on the fast tier.
        resolutions: ['480p', '720p'],
        first_frame: true,
        last_frame: true,
        reference_images: true,
        max_reference_images: 9,
        reference_video: true,
        reference_audio: true,
        generate_audio: true,
      },
    },
    {
      family: 'seedance-1-5-pro',
      model: 'doubao-seedance-1-5-pro-251215',
      media: ['video'],
      cost_usd: 0.047,
      capabilities: {
        duration: { min: 4, max: 12 },
        resolutions: RESOLUTIONS,
        first_frame: true,
        last_frame: true,
        generate_audio: true,
      },
    },
    {
      family: 'seedance-1-0-pro',
      model: 'doubao-seedance-1-0-pro-250528',
      media: ['video'],
      cost_usd: 0.047,
      capabilities: { duration: { min: 2, max: 12 }, resolutions: RESOLUTIONS, first_frame: true },
    },
    {
      family: 'seedance-1-0-pro-fast',
      model: 'doubao-seedance-1-0-pro-fast-251015',
      media: ['video'],
      cost_usd: 0.021,
      capabilities: { duration: { min: 2, max: 12 }, resolutions: RESOLUTIONS, first_frame: true },
    },
  ],
};
