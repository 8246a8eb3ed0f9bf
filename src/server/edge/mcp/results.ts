import sharp from 'sharp';
import type { Context } from '@/server/api/trpc';
import { presentedKey } from '@/server/api/context';
import { stillValid } from '@/server/domain/auth/credentials';
import { authFailureError } from '@/server/domain/auth/guard';
import type { ScopedIdentity } from '@/server/domain/auth/identity';
import { jobFeedHub, type FeedEvent } from '@/server/domain/jobs/feed-hub';
import { logger } from '@/server/logger';
import { getRuntime } from '@/server/runtime';

/**
 * How long a generating tool waits for its job before answering the job id instead. Under the 60 s
 * most MCP clients give a request (the official SDKs' default), so the answer arrives before the
 * client gives up; image generation usually takes ten seconds to a minute.
 */
export const MCP_WAIT_MS = 50_000;

/** The longest side of an image sent as MCP image content; larger results are scaled down (the link has the original). */
export const CONTENT_MAX_SIDE = 1024;
/** Results at most this big and this wide are sent as they are. */
const CONTENT_AS_IS_BYTES = 1_000_000;

/**
 * Watches the caller's jobs on the job feed (the same hub `GET /api/jobs-stream` listens through):
 * open it before submitting, so the job's end cannot slip past, then `until` waits for the ids to end.
 */
export interface JobWatch {
  /** Ids of `ids` that ended (done or failed) by the deadline or the abort; the rest are still pending. */
  until(ids: readonly string[], ms: number, signal: AbortSignal): Promise<Set<string>>;
  close(): void;
}

export async function watchJobs(
  ctx: Context,
  who: ScopedIdentity,
  isEnded: (id: string) => Promise<boolean>,
): Promise<JobWatch> {
  const ended = new Set<string>();
  let wake = () => {};
  let revoked = false;
  let stale = false;
  const key = presentedKey(ctx.headers);
  const { database } = await getRuntime();
  const unsubscribe = await jobFeedHub(database).subscribe(who, {
    send: (e: FeedEvent) => {
      if (e.job.status === 'pending') return;
      ended.add(e.job.id);
      wake();
    },
    recheck: () =>
      key ? stillValid(ctx.db, { configured: ctx.config.adminKey }, { kind: 'key', key }, who) : Promise.resolve(false),
    // The hub's LISTEN connection came back: announcements made meanwhile are lost, so read the jobs again.
    catchUp: () => {
      stale = true;
      wake();
      return Promise.resolve();
    },
    end: () => {
      revoked = true;
      wake();
    },
  });
  return {
    async until(ids, ms, signal) {
      const deadline = Date.now() + ms;
      const check = async () => {
        for (const id of ids) if (!ended.has(id) && (await isEnded(id))) ended.add(id);
      };
      await check();
      while (!ids.every((id) => ended.has(id)) && Date.now() < deadline && !signal.aborted) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
          };
          wake = done;
          signal.addEventListener('abort', done);
        });
        if (revoked) throw authFailureError('revoked');
        if (stale) {
          stale = false;
          await check();
        }
      }
      return new Set(ids.filter((id) => ended.has(id)));
    },
    close: unsubscribe,
  };
}

/** An image as MCP image content: base64 and its media type. */
export interface ImageContent {
  type: 'image';
  data: string;
  mimeType: string;
}

/**
 * The result at `url` (a file Studio stores) as image content: as stored when it is small, else
 * scaled to `CONTENT_MAX_SIDE` on its longest side (PNG when it has transparency, else JPEG).
 * Null when the file is not Studio's or cannot be read: the caller still gets the link.
 */
export async function imageContentOf(ctx: Pick<Context, 'files'>, url: string): Promise<ImageContent | null> {
  const key = ctx.files.keyOf(url);
  if (key === null) return null;
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of ctx.files.read(key)) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const meta = await sharp(bytes).metadata();
    const side = Math.max(meta.width ?? 0, meta.height ?? 0);
    const asIs = bytes.length <= CONTENT_AS_IS_BYTES && side <= CONTENT_MAX_SIDE;
    if (asIs && (meta.format === 'png' || meta.format === 'jpeg' || meta.format === 'webp')) {
      return { type: 'image', data: bytes.toString('base64'), mimeType: `image/${meta.format}` };
    }
    const resized = sharp(bytes).resize(CONTENT_MAX_SIDE, CONTENT_MAX_SIDE, {
      fit: 'inside',
      withoutEnlargement: true,
    });
    const out = meta.hasAlpha
      ? { data: await resized.png().toBuffer(), mimeType: 'image/png' }
      : { data: await resized.jpeg({ quality: 85 }).toBuffer(), mimeType: 'image/jpeg' };
    return { type: 'image', data: out.data.toString('base64'), mimeType: out.mimeType };
  } catch (err) {
    logger.warn({ err, url }, 'MCP: a result could not be read for image content');
    return null;
  }
}
