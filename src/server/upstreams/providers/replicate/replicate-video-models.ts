/** Replicate's video models live in the catalogue of video offers (src/contracts/video-offers/replicate.ts). */
export {
  REPLICATE_VIDEO_MODELS,
  replicateVideoModel,
  type ReplicateVideoModel,
} from '@/contracts/video-offers/replicate';
