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
  durations: readonly string[];
  defaultDuration: string;
  /** The `resolution` enum; null: the endpoint has no such field. */
  resolutions: readonly string[] | null;
  ratios: readonly string[] | null;
  /** Fields holding an image URL (first frame, last frame). */
  images: readonly string[];
}

const KLING = ['prompt', 'duration', 'negative_prompt', 'cfg_scale'];
const HAILUO = ['prompt', 'duration', 'prompt_optimizer'];
const VEO = ['prompt', 'aspect_ratio', 'duration', 'negative_prompt', 'seed', 'auto_fix', 'safety_tolerance'];

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
  const duration = body.duration ?? model.defaultDuration;
  if (typeof duration !== 'string' || !model.durations.includes(duration))
    fail('duration', oneOf(model.durations), 'literal_error');
  if (body.resolution !== undefined && !(model.resolutions ?? []).includes(body.resolution as string))
    fail('resolution', oneOf(model.resolutions ?? []), 'literal_error');
  const ratio = body.aspect_ratio ?? model.ratios?.[0] ?? '16:9';
  if (body.aspect_ratio !== undefined && !(model.ratios ?? []).includes(ratio as string))
    fail('aspect_ratio', oneOf(model.ratios ?? []), 'literal_error');
  for (const flag of ['generate_audio', 'prompt_optimizer', 'auto_fix'])
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean')
      fail(flag, 'Input should be a valid boolean', 'bool_type');
  return { prompt: body.prompt as string, seconds: Number.parseInt(duration as string, 10), ratio: ratio as string };
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
