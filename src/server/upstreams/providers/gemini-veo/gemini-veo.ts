import { download, MAX_ANSWER_BYTES, parseAnswer, readBounded } from '@/server/upstreams/providers/http';
import type { VideoProvider, VideoTaskRequest, VideoTaskState } from '@/server/upstreams/providers/types';
import { UpstreamError, type Target } from '@/server/upstreams/types';
import { geminiCall, probeGemini } from '@/server/upstreams/providers/gemini/gemini-http';
import { veoFailureClass, veoTaskState, type VeoOperation } from './gemini-veo-answer';
import {
  checkVeoRequest,
  frameMime,
  operationPath,
  predictPath,
  veoRequestOf,
  type VeoImage,
} from './gemini-veo-request';

/**
 * Veo on the Gemini API (ai.google.dev/gemini-api/docs/video; @google/genai 2.32.0 `generateVideos`,
 * `operations.getVideosOperation`, `files.download`): `POST /v1beta/models/{model}:predictLongRunning`
 * starts an operation, `GET /v1beta/{operation name}` follows it, and the video's URI (a files
 * `:download?alt=media` URL) is read with the key. The Gemini API has no cancel for Veo's operations
 * (`cancellable: false`): the video run refunds and follows a task it gives up on (orphans.ts).
 */

/** Frames are read from Studio's store and sent inline, as Veo takes them (no URLs). */
const MAX_FRAME_BYTES = 20 * 1024 * 1024;

async function frameOf(url: string, signal: AbortSignal): Promise<VeoImage> {
  const { data } = await download(url, signal, MAX_FRAME_BYTES);
  const mimeType = frameMime(data);
  if (!mimeType) throw new UpstreamError('invalid_input', 'a frame is not a PNG, JPEG or WebP image');
  return { bytesBase64Encoded: data.toString('base64'), mimeType };
}

async function readOperation(body: Awaited<ReturnType<typeof geminiCall>>, signal: AbortSignal) {
  return parseAnswer<VeoOperation>(await readBounded(body, MAX_ANSWER_BYTES, signal));
}

async function create(target: Target, req: VideoTaskRequest, signal: AbortSignal): Promise<string> {
  checkVeoRequest(target.model, req);
  const frames = await Promise.all((req.images ?? []).map((url) => frameOf(url, signal)));
  const body = JSON.stringify(veoRequestOf(target.model, req, frames));
  const op = await readOperation(await geminiCall(target, 'POST', predictPath(target.model), body, signal), signal);
  if (typeof op.name !== 'string' || !op.name)
    throw new UpstreamError('bad_output', 'the upstream started no operation');
  return op.name;
}

async function get(target: Target, name: string, signal: AbortSignal): Promise<VideoTaskState> {
  const op = await readOperation(await geminiCall(target, 'GET', operationPath(name), undefined, signal), signal);
  return veoTaskState(op, name);
}

/** Veo's operations cannot be cancelled over the Gemini API: never called (`cancellable: false`). */
function cancel(): Promise<void> {
  return Promise.reject(
    new UpstreamError('unsupported', 'Veo on the Gemini API has no way to cancel an operation', { code: 'no_cancel' }),
  );
}

export const geminiVeo: VideoProvider = {
  media: 'video',
  cancellable: false,
  probeCall: 'GET /v1beta/models, pageSize 1',
  create,
  get,
  cancel,
  failureClass: veoFailureClass,
  probe: probeGemini,
  // The video's URI is a Gemini API file: read with the channel's key (x-goog-api-key), as files.download does.
  resultHeaders: (target) => ({ 'x-goog-api-key': target.apiKey }),
};
