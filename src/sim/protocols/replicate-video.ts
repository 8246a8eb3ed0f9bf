import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The official video models the simulated Replicate channels serve, after each model's API page
 * (`replicate.com/<owner>/<name>/versions/<version>/api`, read 2026-11: the version is named per model; the enum
 * values Replicate's page does not print come from where providers/replicate/replicate-video-models.ts says).
 * Their schemas refuse what the model refuses (422 with `invalid_fields`); a combination the schema allows but
 * the model cannot make (Hailuo 02's 10 seconds at 1080p) fails the prediction, as the model's own check does.
 * A succeeded prediction's output is one MP4 URL; `logs` carry the model's progress as it runs.
 */

/** The field shapes the video schemas use (a subset of replicate-models.ts's `Field`). */
export type SimVideoField =
  | { type: 'string'; enum?: readonly string[] }
  | { type: 'integer'; min?: number; max?: number; enum?: readonly number[] }
  | { type: 'number'; min?: number; max?: number }
  | { type: 'boolean' }
  | { type: 'uri' }
  | { type: 'uri[]'; maxItems?: number };

export interface SimReplicateVideo {
  /** Seconds when `duration` is not given (Wan: the default frames at the default rate). */
  defaultDuration: number;
  /** Wan: the length is `num_frames` at `frames_per_second` (defaults here), not a duration. */
  frames?: { num: number; fps: number };
  /** A check across fields the model runs when it starts: the failure's text, or null. */
  check?: (input: Record<string, unknown>) => string | null;
}

const str = (values?: readonly string[]): SimVideoField =>
  values ? { type: 'string', enum: values } : { type: 'string' };
const ints = (values: readonly number[]): SimVideoField => ({ type: 'integer', enum: values });
const bool: SimVideoField = { type: 'boolean' };
const uri: SimVideoField = { type: 'uri' };
const SEEDANCE_RATIOS = ['16:9', '4:3', '1:1', '3:4', '9:16', '21:9', '9:21'];
const seed: SimVideoField = { type: 'integer' };
const VEO = {
  prompt: str(),
  aspect_ratio: str(['16:9', '9:16']),
  image: uri,
  negative_prompt: str(),
  resolution: str(['720p', '1080p']),
  generate_audio: bool,
  seed,
};
// wan-video/wan-2.2-t2v-fast and wan-video/wan-2.2-i2v-fast:4eaf2b01: lengths in frames, no duration.
const WAN = {
  prompt: str(),
  num_frames: { type: 'integer', min: 81, max: 121 },
  resolution: str(['480p', '720p']),
  frames_per_second: { type: 'integer', min: 5, max: 30 },
  go_fast: bool,
  sample_shift: { type: 'number', min: 1, max: 20 },
  seed,
  interpolate_output: bool,
  disable_safety_checker: bool,
  lora_weights_transformer: str(),
  lora_scale_transformer: { type: 'number' },
  lora_weights_transformer_2: str(),
  lora_scale_transformer_2: { type: 'number' },
} satisfies Record<string, SimVideoField>;
const WAN_VIDEO: SimReplicateVideo = { defaultDuration: 5, frames: { num: 81, fps: 16 } };
const SEEDANCE = {
  prompt: str(),
  image: uri,
  last_frame_image: uri,
  aspect_ratio: str(SEEDANCE_RATIOS),
  fps: ints([24]),
  camera_fixed: bool,
  seed,
};

export interface SimReplicateVideoModel {
  ref: string;
  schema: Readonly<Record<string, SimVideoField>>;
  /** Fields the schema requires besides `prompt`. */
  required?: readonly string[];
  video: SimReplicateVideo;
}

export const SIM_REPLICATE_VIDEO_MODELS: readonly SimReplicateVideoModel[] = [
  {
    // kwaivgi/kling-v2.5-turbo-pro (as mirrored by api.core.today): `image` is its deprecated first-frame name.
    ref: 'kwaivgi/kling-v2.5-turbo-pro',
    schema: {
      prompt: str(),
      negative_prompt: str(),
      start_image: uri,
      image: uri,
      aspect_ratio: str(['16:9', '9:16', '1:1']),
      duration: ints([5, 10]),
    },
    video: { defaultDuration: 5 },
  },
  {
    // minimax/hailuo-02:c43b610e.
    ref: 'minimax/hailuo-02',
    schema: {
      prompt: str(),
      first_frame_image: uri,
      last_frame_image: uri,
      duration: ints([6, 10]),
      resolution: str(['512p', '768p', '1080p']),
      prompt_optimizer: bool,
    },
    video: {
      defaultDuration: 6,
      check: (i) =>
        i.duration === 10 && i.resolution !== undefined && i.resolution !== '768p'
          ? '10 seconds is only available for 768p resolution'
          : i.last_frame_image !== undefined && i.first_frame_image === undefined
            ? 'last_frame_image requires first_frame_image'
            : null,
    },
  },
  // google/veo-3-fast:368d4063 (duration 8) and google/veo-3.1:ed5b1767 (4, 6 or 8; last_frame, reference_images).
  { ref: 'google/veo-3-fast', schema: { ...VEO, duration: ints([8]) }, video: { defaultDuration: 8 } },
  {
    ref: 'google/veo-3.1',
    schema: { ...VEO, duration: ints([4, 6, 8]), last_frame: uri, reference_images: { type: 'uri[]', maxItems: 3 } },
    video: { defaultDuration: 8 },
  },
  // bytedance/seedance-1-pro:a5fd5508 (duration 2–12) and bytedance/seedance-1-lite:3b559596 (5 or 10).
  {
    ref: 'bytedance/seedance-1-pro',
    schema: { ...SEEDANCE, duration: { type: 'integer', min: 2, max: 12 }, resolution: str(['480p', '720p', '1080p']) },
    video: { defaultDuration: 5 },
  },
  {
    ref: 'bytedance/seedance-1-lite',
    schema: { ...SEEDANCE, duration: ints([5, 10]), resolution: str(['480p', '720p', '1080p']) },
    video: { defaultDuration: 5 },
  },
  { ref: 'wan-video/wan-2.2-t2v-fast', schema: { ...WAN, aspect_ratio: str(['16:9', '9:16']) }, video: WAN_VIDEO },
  {
    ref: 'wan-video/wan-2.2-i2v-fast',
    schema: { ...WAN, image: uri, last_image: uri },
    required: ['image'],
    video: {
      ...WAN_VIDEO,
      check: (i) => (i.last_image !== undefined && i.image === undefined ? 'last_image requires image' : null),
    },
  },
];

/** The shape of the simulator's frames for a prediction: its `aspect_ratio` beside no first frame, else 16:9. */
function ratioOf(input: Record<string, unknown>): string {
  const framed = ['image', 'start_image', 'first_frame_image'].some((k) => input[k] !== undefined);
  return !framed && typeof input.aspect_ratio === 'string' ? input.aspect_ratio : '16:9';
}

const num = (v: unknown, fallback: number): number => (typeof v === 'number' ? v : fallback);

/** The MP4 a succeeded video prediction links to (a `bad_output` prediction: a page that is no MP4). */
export function replicateVideoFile(
  video: SimReplicateVideo,
  input: Record<string, unknown>,
  fault: string | null,
  files: SimFileStore,
): string {
  const seconds = video.frames
    ? Math.max(
        1,
        Math.round((num(input.num_frames, video.frames.num) - 1) / num(input.frames_per_second, video.frames.fps)),
      )
    : num(input.duration, video.defaultDuration);
  if (fault === 'bad_output') return files.put('mp4', BAD_VIDEO_BYTES, 'video/mp4');
  const bytes = videoFile(ratioOf(input), fault === 'wrong_duration' ? wrongDuration(seconds) : seconds);
  return files.put('mp4', bytes, 'video/mp4');
}

/** The model's progress lines so far, as video models on Replicate log them while they run. */
export function videoLogs(done: number): string {
  const lines = ['Starting video generation'];
  for (let pct = 10; pct <= Math.min(100, Math.floor(done * 100)); pct += 10) lines.push(`Generating: ${pct}%`);
  return `${lines.join('\n')}\n`;
}
