import type { VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError } from '@/server/upstreams/types';

/**
 * A Wan video task's answer (`GET /api/v1/tasks/{task_id}`, the video references' "Query task result"):
 * `output.task_status`, `output.video_url` once SUCCEEDED, `output.code`/`message` when FAILED, and
 * `usage.video_duration` (the seconds billed). Error bodies and codes are the image side's
 * (dashscope-answer.ts); a failed task's code is classified there too.
 */

export interface WanVideoAnswer {
  request_id?: string;
  output?: {
    task_id?: string;
    task_status?: string;
    video_url?: string;
    orig_prompt?: string;
    actual_prompt?: string;
    submit_time?: string;
    scheduled_time?: string;
    end_time?: string;
    code?: string;
    message?: string;
  };
  usage?: { video_duration?: number; video_ratio?: string; video_count?: number; duration?: number };
}

const STATE = (id: string, status: VideoTaskState['status']): VideoTaskState => ({
  id,
  status,
  videoUrl: null,
  lastFrameUrl: null,
  error: null,
  // DashScope's times (`2025-09-25 11:07:28.590`) carry no zone: Studio keeps its own clock instead.
  createdAt: null,
  updatedAt: null,
  duration: null,
});

/**
 * A task answer as Studio's state. UNKNOWN (DashScope no longer knows the task: expired after 24 hours,
 * or lost) is a failure under the code `UNKNOWN`, which classifies as the provider's.
 */
export function wanVideoState(answer: WanVideoAnswer, fallbackId: string): VideoTaskState {
  const out = answer.output;
  const id = out?.task_id ?? fallbackId;
  switch (out?.task_status) {
    case 'PENDING':
      return STATE(id, 'queued');
    case 'RUNNING':
      return STATE(id, 'running');
    case 'CANCELED':
      return STATE(id, 'cancelled');
    case 'FAILED':
      return { ...STATE(id, 'failed'), error: { code: out.code ?? 'InternalError', message: out.message ?? '' } };
    case 'UNKNOWN':
      return { ...STATE(id, 'failed'), error: { code: 'UNKNOWN', message: 'the provider no longer knows the task' } };
    case 'SUCCEEDED': {
      if (!out.video_url) throw new UpstreamError('bad_output', 'the upstream task succeeded without a video URL');
      const seconds = Number(answer.usage?.video_duration ?? answer.usage?.duration);
      return {
        ...STATE(id, 'succeeded'),
        videoUrl: out.video_url,
        duration: Number.isFinite(seconds) && seconds > 0 ? seconds : null,
      };
    }
    default:
      throw new UpstreamError('bad_output', 'the upstream task has an unknown status');
  }
}
