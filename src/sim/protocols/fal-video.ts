import type { SimFileStore } from '@/sim/media/file-store';
import { videoFile } from '@/sim/media/video-files';
import type { FalDetail } from './fal-models';
import { FalValidation } from './fal-models';
import type { Json } from './http';
import { isRecord } from './http';
import { BAD_VIDEO_BYTES, wrongDuration } from './video-tasks';

/**
 * The fal video models the simulator serves, each endpoint with its input schema as its fal model page
 * gives it (fal.ai/models/<endpoint id>/api and llms.txt, read 2026-11-28, the same fields as @fal-ai/client
 * 1.10.1's `EndpointTypeMap` input types): the fields it takes (any other
 * is refused as `extra_forbidden`, a last frame on an endpoint without one included), its duration enum
 * (strings: `"5"`, `"6"`, `"8s"`), its `resolution` and `aspect_ratio` enums where it has them, and its image
 * fields. A refusal answers fal's 422 `{detail: [{loc, msg, type}]}`; the output is `{video: {url, …}}`.
 */

export interface FalSimVideoModel {
  fields: readonly string[];
  /** Fields fal requires besides `prompt`: the first frame of an image-to-video endpoint. */
  required: readonly string[];
  /** The `duration` enum; empty for a model that takes its length in frames (`frames`). */
  durations: readonly string[];
  defaultDuration: string;
  /** Wan: `num_frames` and `frames_per_second` ranges and defaults instead of a duration. */
  frames?: { min: number; max: number; default: number; fpsMin: number; fpsMax: number; fps: number };
  /** The `resolution` enum; null: the endpoint has no such field. */
  resolutions: readonly string[] | null;
  ratios: readonly string[] | null;
  /** Fields holding an image URL (first frame, last frame). */
  images: readonly string[];
}

const KLING = ['prompt', 'duration', 'negative_prompt', 'cfg_scale'];
const HAILUO = ['prompt', 'duration', 'prompt_optimizer'];
const VEO = ['prompt', 'aspect_ratio', 'duration', 'negative_prompt', 'seed', 'auto_fix', 'safety_tolerance'];
// WanV22A14bTextToVideoInput's fields; the image endpoint adds image_url and end_image_url (its llms.txt).
const WAN = [
  'prompt',
  'negative_prompt',
  'num_frames',
  'frames_per_second',
  'seed',
  'resolution',
  'aspect_ratio',
  'num_inference_steps',
  'enable_safety_checker',
  'enable_output_safety_checker',
  'enable_prompt_expansion',
  'acceleration',
  'guidance_scale',
  'guidance_scale_2',
  'shift',
  'interpolator_model',
  'num_interpolated_frames',
  'adjust_fps_for_interpolation',
  'video_quality',
  'video_write_mode',
];
const WAN_FRAMES = { min: 17, max: 161, default: 81, fpsMin: 4, fpsMax: 60, fps: 16 };
const WAN_RESOLUTIONS = ['480p', '580p', '720p'];
// SeedanceTextToVideoInput / SeedanceImageToVideoInput.
const SEEDANCE = [
  'prompt',
  'aspect_ratio',
  'resolution',
  'duration',
  'camera_fixed',
  'seed',
  'enable_safety_checker',
  'num_frames',
];
const SEEDANCE_DURATIONS = ['2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const SEEDANCE_RESOLUTIONS = ['480p', '720p', '1080p'];
const SEEDANCE_RATIOS = ['21:9', '16:9', '4:3', '1:1', '3:4', '9:16'];

export const FAL_SIM_VIDEO_MODELS: Readonly<Record<string, FalSimVideoModel>> = {
  'fal-ai/kling-video/v2.5-turbo/pro/text-to-video': {
    fields: [...KLING, 'aspect_ratio'],
    required: [],
    durations: ['5', '10'],
    defaultDuration: '5',
    resolutions: null,
    ratios: ['16:9', '9:16', '1:1'],
    images: [],
  },
  'fal-ai/kling-video/v2.5-turbo/pro/image-to-video': {
    fields: [...KLING, 'image_url', 'tail_image_url'],
    required: ['image_url'],
    durations: ['5', '10'],
    defaultDuration: '5',
    resolutions: null,
    ratios: null,
    images: ['image_url', 'tail_image_url'],
  },
  'fal-ai/minimax/hailuo-02/standard/text-to-video': {
    fields: HAILUO,
    required: [],
    durations: ['6', '10'],
    defaultDuration: '6',
    resolutions: null,
    ratios: null,
    images: [],
  },
  'fal-ai/minimax/hailuo-02/standard/image-to-video': {
    fields: [...HAILUO, 'image_url', 'resolution', 'end_image_url'],
    required: ['image_url'],
    durations: ['6', '10'],
    defaultDuration: '6',
    resolutions: ['512P', '768P'],
    ratios: null,
    images: ['image_url', 'end_image_url'],
  },
  'fal-ai/veo3/fast': {
    fields: [...VEO, 'resolution', 'generate_audio'],
    required: [],
    durations: ['4s', '6s', '8s'],
    defaultDuration: '8s',
    resolutions: ['720p', '1080p'],
    ratios: ['16:9', '9:16'],
    images: [],
  },
  // Veo3FastImageToVideoInput (= Veo3ImageToVideoInput): aspect_ratio "auto" | 16:9 | 9:16, no last frame.
  'fal-ai/veo3/fast/image-to-video': {
    fields: [...VEO, 'image_url', 'resolution', 'generate_audio'],
    required: ['image_url'],
    durations: ['4s', '6s', '8s'],
    defaultDuration: '8s',
    resolutions: ['720p', '1080p'],
    ratios: ['auto', '16:9', '9:16'],
    images: ['image_url'],
  },
  'fal-ai/wan/v2.2-a14b/text-to-video': {
    fields: WAN,
    required: [],
    durations: [],
    defaultDuration: '',
    frames: WAN_FRAMES,
    resolutions: WAN_RESOLUTIONS,
    ratios: ['16:9', '9:16', '1:1'],
    images: [],
  },
  'fal-ai/wan/v2.2-a14b/image-to-video': {
    fields: [...WAN, 'image_url', 'end_image_url'],
    required: ['image_url'],
    durations: [],
    defaultDuration: '',
    frames: WAN_FRAMES,
    resolutions: WAN_RESOLUTIONS,
    ratios: ['auto', '16:9', '9:16', '1:1'],
    images: ['image_url', 'end_image_url'],
  },
  'fal-ai/bytedance/seedance/v1/pro/text-to-video': {
    fields: SEEDANCE,
    required: [],
    durations: SEEDANCE_DURATIONS,
    defaultDuration: '5',
    resolutions: SEEDANCE_RESOLUTIONS,
    ratios: [...SEEDANCE_RATIOS, '9:21'],
    images: [],
  },
  'fal-ai/bytedance/seedance/v1/pro/image-to-video': {
    fields: [...SEEDANCE, 'image_url', 'end_image_url'],
    required: ['image_url'],
    durations: SEEDANCE_DURATIONS,
    defaultDuration: '5',
    resolutions: SEEDANCE_RESOLUTIONS,
    ratios: [...SEEDANCE_RATIOS, 'auto'],
    images: ['image_url', 'end_image_url'],
  },
};

export const falSimVideoModel = (endpoint: string): FalSimVideoModel | undefined =>
  Object.hasOwn(FAL_SIM_VIDEO_MODELS, endpoint) ? FAL_SIM_VIDEO_MODELS[endpoint] : undefined;

export interface FalVideoParsed {
  prompt: string;
  seconds: number;
  ratio: string;
}

const fail = (loc: string, msg: string, type: string): never => {
  throw new FalValidation([{ loc: ['body', loc], msg, type } satisfies FalDetail]);
};
const oneOf = (values: readonly string[]) => `Input should be ${values.map((v) => `'${v}'`).join(' or ')}`;

/** Validates a video endpoint's input as fal does, answering its typed details for the first problem. */
export function parseFalVideoInput(model: FalSimVideoModel, body: unknown): FalVideoParsed {
  if (!isRecord(body)) return fail('body', 'Input should be a valid dictionary', 'model_type');
  for (const k of Object.keys(body))
    if (!model.fields.includes(k)) fail(k, 'Extra inputs are not permitted', 'extra_forbidden');
  if (typeof body.prompt !== 'string' || !body.prompt) fail('prompt', 'Field required', 'missing');
  for (const k of model.required) if (body[k] === undefined) fail(k, 'Field required', 'missing');
  for (const k of model.images) {
    const url = body[k];
    if (url === undefined) continue;
    if (typeof url !== 'string') fail(k, 'Input should be a valid string', 'string_type');
    if (!/^(https?:\/\/|data:[^;,]*;base64,)/.test(url as string))
      fail(k, 'Failed to download the file. Please check if the URL is accessible.', 'file_download_error');
  }
  const seconds = model.frames ? framesSeconds(model.frames, body) : durationSeconds(model, body);
  if (body.resolution !== undefined && !(model.resolutions ?? []).includes(body.resolution as string))
    fail('resolution', oneOf(model.resolutions ?? []), 'literal_error');
  const ratio = body.aspect_ratio ?? model.ratios?.[0] ?? '16:9';
  if (body.aspect_ratio !== undefined && !(model.ratios ?? []).includes(ratio as string))
    fail('aspect_ratio', oneOf(model.ratios ?? []), 'literal_error');
  for (const flag of ['generate_audio', 'prompt_optimizer', 'auto_fix', 'camera_fixed', 'enable_prompt_expansion'])
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
      fail(flag, 'Input should be a valid boolean', 'bool_type');
  return { prompt: body.prompt as string, seconds, ratio: ratio === 'auto' ? '16:9' : (ratio as string) };
}

function durationSeconds(model: FalSimVideoModel, body: Record<string, unknown>): number {
  const duration = body.duration ?? model.defaultDuration;
  if (typeof duration !== 'string' || !model.durations.includes(duration))
    fail('duration', oneOf(model.durations), 'literal_error');
  return Number.parseInt(duration as string, 10);
}

/** An integer field within its range, as fal's validation words each problem. */
function integerIn(body: Record<string, unknown>, key: string, min: number, max: number, fallback: number): number {
  const v = body[key] ?? fallback;
  if (typeof v !== 'number' || !Number.isInteger(v)) return fail(key, 'Input should be a valid integer', 'int_type');
  if (v < min) fail(key, `Input should be greater than or equal to ${min}`, 'greater_than_equal');
  if (v > max) fail(key, `Input should be less than or equal to ${max}`, 'less_than_equal');
  return v;
}

/** Wan's length: `num_frames` at `frames_per_second`, in whole seconds (81 frames at 16 fps: 5). */
function framesSeconds(f: NonNullable<FalSimVideoModel['frames']>, body: Record<string, unknown>): number {
  const frames = integerIn(body, 'num_frames', f.min, f.max, f.default);
  const fps = integerIn(body, 'frames_per_second', f.fpsMin, f.fpsMax, f.fps);
  return Math.max(1, Math.round((frames - 1) / fps));
}

/**
 * The output of a finished video request: the MP4 (of another length under `wrong_duration`, an HTML page
 * under `bad_output`) written into the file store and named by `video.url`.
 */
export function falVideoOutput(p: FalVideoParsed, fault: string | null, origin: string, files: SimFileStore): Json {
  const seconds = fault === 'wrong_duration' ? wrongDuration(p.seconds) : p.seconds;
  const bytes = fault === 'bad_output' ? BAD_VIDEO_BYTES : videoFile(p.ratio, seconds);
  const name = files.put('mp4', bytes, 'video/mp4');
  return {
    video: {
      url: `${origin}/__sim/files/${name}`,
      content_type: 'video/mp4',
      file_name: 'output.mp4',
      file_size: bytes.length,
    },
  };
}
