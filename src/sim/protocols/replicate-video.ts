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
  | { type: 'boolean' }
  | { type: 'uri' }
  | { type: 'uri[]'; maxItems?: number };

export interface SimReplicateVideo {
  /** Seconds when `duration` is not given. */
  defaultDuration: number;
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
];

/** The shape of the simulator's frames for a prediction: its `aspect_ratio` beside no first frame, else 16:9. */
function ratioOf(input: Record<string, unknown>): string {
  const framed = ['image', 'start_image', 'first_frame_image'].some((k) => input[k] !== undefined);
  return !framed && typeof input.aspect_ratio === 'string' ? input.aspect_ratio : '16:9';
}

/** The MP4 a succeeded video prediction links to (a `bad_output` prediction: a page that is no MP4). */
export function replicateVideoFile(
  video: SimReplicateVideo,
  input: Record<string, unknown>,
  fault: string | null,
  files: SimFileStore,
): string {
  const seconds = typeof input.duration === 'number' ? input.duration : video.defaultDuration;
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
