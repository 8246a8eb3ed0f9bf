import type { VideoTaskState } from '@/server/upstreams/providers/types';
import type { ErrorClass } from '@/server/upstreams/types';
import { classOfGoogleStatus } from '@/server/upstreams/providers/gemini/gemini-http';

/**
 * Veo's long-running operation on the Gemini API (`GET /v1beta/{name}`, read as @google/genai 2.32.0's
 * `generateVideosOperationFromMldev` reads it): `{name, done?, error?: {code, message, status},
 * response?: {generateVideoResponse: {generatedSamples: [{video: {uri}}], raiMediaFilteredCount,
 * raiMediaFilteredReasons}}}`. The operation has no state beyond `done`: running until then.
 */

export interface VeoOperation {
  name?: string;
  done?: boolean;
  metadata?: unknown;
  error?: { code?: number; message?: string; status?: string; details?: unknown[] };
  response?: {
    '@type'?: string;
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string; encoding?: string } }[];
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
}

/** A done operation whose videos the safety filters all removed: the caller's prompt or frames. */
export const FILTERED_CODE = 'RAI_MEDIA_FILTERED';

/** The class of a finished operation's code: a google.rpc.Code name, or the safety filter. */
export function veoFailureClass(code: string): ErrorClass | undefined {
  if (code === FILTERED_CODE) return 'refused';
  // A refused argument found only while rendering is the caller's input, not this channel's fault.
  if (code === 'INVALID_ARGUMENT') return 'invalid_input';
  return classOfGoogleStatus(code);
}

/** An operation as Studio's task state (the handle is the operation's name). */
export function veoTaskState(op: VeoOperation, handle: string): VideoTaskState {
  const base = { id: handle, videoUrl: null, lastFrameUrl: null, createdAt: null, updatedAt: null, duration: null };
  if (!op.done) return { ...base, status: 'running', error: null };
  if (op.error) {
    const code = typeof op.error.status === 'string' && op.error.status ? op.error.status : String(op.error.code ?? '');
    return { ...base, status: 'failed', error: { code: code || 'UNKNOWN', message: op.error.message ?? '' } };
  }
  const answer = op.response?.generateVideoResponse;
  const uri = answer?.generatedSamples?.map((s) => s.video?.uri).find((u) => typeof u === 'string' && u);
  if (uri) return { ...base, status: 'succeeded', videoUrl: uri, error: null };
  if ((answer?.raiMediaFilteredCount ?? 0) > 0) {
    const reasons = answer?.raiMediaFilteredReasons ?? [];
    return { ...base, status: 'failed', error: { code: FILTERED_CODE, message: reasons.join(' ') } };
  }
  // Done with neither a video nor a filter: the video run takes it as bad output and moves on.
  return { ...base, status: 'succeeded', error: null };
}
