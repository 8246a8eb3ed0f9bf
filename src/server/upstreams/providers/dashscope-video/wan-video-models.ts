/** Wan's video lines and sizes live in the video catalogue (src/contracts/video-offers/dashscope-video.ts). */
export {
  WAN_LINES,
  WAN_SIZES,
  type WanLine,
  type WanModel,
  type WanResolution,
} from '@/contracts/video-offers/dashscope-video';
