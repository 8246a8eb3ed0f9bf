import { at, MINUTE, POSTER_TEMPLATE, resultUrl, SHOT_URL, SPIN_TEMPLATE } from './common';
import type { OperationExample } from './types';

/** Milliseconds between two instants the examples write. */
const between = (from: string, to: string) => Date.parse(to) - Date.parse(from);

/** The image job of POST /api/generate, once done, as GET /api/jobs and the jobs stream show it. */
const IMAGE_JOB_ID = 'a2958bf6-0adb-4758-8768-9264e5cae511';
const imageCreated = at(-2 * MINUTE);
const imageFinished = at(-2 * MINUTE + 18_400);
const imageJob = {
  id: IMAGE_JOB_ID,
  job_id: IMAGE_JOB_ID,
  jobId: IMAGE_JOB_ID,
  status: 'done',
  cdn_url: resultUrl(IMAGE_JOB_ID, 'png'),
  result_expired_at: null,
  error: null,
  reason: null,
  elapsed_ms: between(imageCreated, imageFinished),
  note: null,
  steps: null,
  kind: 'image',
  prompt: '一只橘猫坐在窗台上，水彩风格',
  skill_slug: null,
  template_id: null,
  ratio: '1:1',
  quality: 'high',
  background: null,
  batch_id: null,
  request_id: '2155ae45-a5d3-4062-906c-a43c942bda27',
  credits: 4,
  credits_refunded: 0,
  created_at: imageCreated,
  finished_at: imageFinished,
};

/** The default video tier: 4-15 s, 480p or 720p, 2 credits a second. */
const FAST_TIER = 'videomodel-2-0-fast-260801';

/** The prompt task of POST /api/videos, once it succeeded. */
const VIDEO_ID = 'd4103a91-10aa-40e2-828e-51622c67fc7f';
const videoCreated = at(-6 * MINUTE);
const videoFinished = at(-6 * MINUTE + 95_000);
const videoRequest = {
  prompt: '一杯桂花乌龙茶放在木桌上，热气缓缓升起，镜头缓慢推进',
  ratio: '16:9',
  duration: 5,
  resolution: '720p',
  images: [SHOT_URL],
};
const videoTask = {
  id: VIDEO_ID,
  task_id: VIDEO_ID,
  job_status: 'done',
  state: 'succeeded',
  model: FAST_TIER,
  prompt: videoRequest.prompt,
  template_id: null,
  ratio: videoRequest.ratio,
  duration: videoRequest.duration,
  resolution: videoRequest.resolution,
  generate_audio: false,
  images: videoRequest.images,
  videos: [],
  audios: [],
  progress: 100,
  video_url: resultUrl(VIDEO_ID, 'mp4'),
  cover_url: resultUrl(`${VIDEO_ID}-cover`, 'jpg'),
  result_expired_at: null,
  error: null,
  reason: null,
  note: null,
  credits: 2 * videoRequest.duration,
  elapsed_ms: between(videoCreated, videoFinished),
  created_at: videoCreated,
  started_at: at(-6 * MINUTE + 4_000),
  finished_at: videoFinished,
};

/** A task of the tenant's video template, still running (then cancelled by DELETE /api/videos). */
const SPIN_TASK_ID = 'c4247038-3d22-4381-aacf-4e9e74347fd4';
const spinCreated = at(-2 * MINUTE);
const spinTask = {
  ...videoTask,
  id: SPIN_TASK_ID,
  task_id: SPIN_TASK_ID,
  job_status: 'pending',
  state: 'running',
  prompt: `${SPIN_TEMPLATE.zh_name}: 产品: 一罐桂花乌龙茶`,
  template_id: SPIN_TEMPLATE.id,
  ratio: '9:16',
  duration: 5,
  resolution: '480p',
  images: [],
  progress: 35,
  video_url: null,
  cover_url: null,
  credits: 2 * 5,
  elapsed_ms: null,
  created_at: spinCreated,
  started_at: at(-2 * MINUTE + 3_000),
  finished_at: null,
};

/** What the auto route and an image family with every feature offer (GET /available-models). */
const fullImageCapabilities = {
  reference_images: true,
  requires_reference_images: false,
  transparent_background: true,
  mask: false,
  qualities: ['low', 'medium', 'high'],
};

/** Worked examples of image and video jobs, their models and the progress feed. */
export const jobsExamples: Record<string, OperationExample> = {
  'POST /generate': {
    body: {
      prompt: imageJob.prompt,
      ratio: imageJob.ratio,
      quality: imageJob.quality,
    },
    response: {
      ok: true,
      jobId: IMAGE_JOB_ID,
      status: 'pending',
    },
  },
  'POST /generate-batch': {
    body: {
      items: [
        {
          template_id: POSTER_TEMPLATE.slug,
          input: { product: '桂花乌龙茶', slogan: '秋季限定' },
        },
        {
          template_id: POSTER_TEMPLATE.slug,
          input: { product: '白桃乌龙茶' },
        },
      ],
      callback_url: 'https://shop.xinghe.example.com/hooks/studio',
    },
    response: {
      ok: true,
      batch_id: '1a50892a-28f3-4382-8db4-652ee4fc96fa',
      jobs: [
        {
          jobId: '948994c8-a534-4568-af70-635dba80adc5',
          status: 'pending',
        },
        {
          jobId: '2d72e9e7-8136-4886-b17a-93fd3e116759',
          status: 'pending',
        },
      ],
    },
  },
  'GET /jobs': {
    query: {
      id: IMAGE_JOB_ID,
    },
    response: {
      ok: true,
      job: imageJob,
    },
  },
  'GET /jobs/detail': {
    query: {
      id: IMAGE_JOB_ID,
    },
    response: {
      ok: true,
      job: imageJob,
      credits: 4,
      refunded: 0,
      ledger: [{ kind: 'charge', amount: 4, note: 'image job', at: imageCreated }],
      request: {
        body: { prompt: imageJob.prompt, ratio: '1:1', quality: 'high' },
        complete: true,
        model: null,
        reference_images: [],
        template_slug: null,
        input: null,
        duration: null,
        resolution: null,
        generate_audio: null,
        callback_url: null,
      },
      deliveries: [],
      hooks: [],
    },
  },
  'GET /available-models': {
    query: {
      media_type: 'image',
    },
    response: {
      ok: true,
      media_type: 'image',
      default: 'auto',
      models: [
        {
          id: 'auto',
          kind: 'auto',
          family: null,
          capabilities: fullImageCapabilities,
        },
        {
          id: 'imagegen-1',
          kind: 'family',
          family: null,
          capabilities: fullImageCapabilities,
        },
        {
          id: 'imagegen-2',
          kind: 'family',
          family: null,
          capabilities: {
            reference_images: true,
            requires_reference_images: false,
            transparent_background: false,
            mask: false,
            qualities: [],
          },
        },
      ],
    },
  },
  'POST /videos': {
    body: videoRequest,
    response: {
      ok: true,
      id: VIDEO_ID,
      task_id: VIDEO_ID,
      jobId: VIDEO_ID,
      status: 'pending',
      state: 'queued',
    },
  },
  'GET /videos': {
    query: {
      page_num: 1,
      page_size: 20,
    },
    response: {
      ok: true,
      tasks: [spinTask, videoTask],
      page_num: 1,
      page_size: 20,
      total: 2,
    },
  },
  'DELETE /videos': {
    query: {
      id: SPIN_TASK_ID,
    },
    response: {
      ok: true,
      id: SPIN_TASK_ID,
      action: 'cancelled',
      task: {
        ...spinTask,
        job_status: 'failed',
        state: 'cancelled',
        error: 'Cancelled by the caller',
        reason: 'cancelled',
        elapsed_ms: between(spinCreated, at(0)),
        finished_at: at(0),
      },
    },
  },
  'GET /jobs-stream': {
    headers: {
      'Last-Event-ID': '40',
    },
    response: `retry: 3000\n\nid: 41\nevent: job.done\ndata: ${JSON.stringify(imageJob)}\n\nid: 41\nevent: ready\ndata: {"last_event_id":41}\n\n`,
  },
};
