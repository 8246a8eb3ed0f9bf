/**
 * How the console uploads a file, as any well-behaved client should: ask for a presigned direct
 * upload; PUT the bytes there and commit; fall back to the proxy upload when presign says `proxy`,
 * when the type cannot be declared, or when the direct PUT fails.
 */
import { goToSignIn } from '@/trpc/links';

export interface UploadResult {
  url: string;
  media_type: 'image' | 'audio' | 'video';
  mime: string;
  key: string;
  size: number;
}

export type PresignAnswer =
  | { strategy: 'proxy'; reason?: string; fallback: { path: string } }
  | {
      strategy: 'direct';
      key?: string;
      upload?: { method: 'PUT'; url: string; headers: Record<string, string>; expires_in: number };
      commit?: { path: string; body: { key: string } };
      fallback: { path: string };
    };

export interface Transport {
  presign(body: { ext: string; size: number; workspace_id?: string }): Promise<PresignAnswer>;
  commit(key: string): Promise<UploadResult>;
  /** PUT to a presigned address; rejects on a network error or a non-2xx answer. */
  put(url: string, headers: Record<string, string>, file: Blob, onProgress: (fraction: number) => void): Promise<void>;
  /** Multipart POST to the proxy upload; rejects with the server's `error` text. */
  post(
    path: string,
    file: Blob,
    filename: string,
    workspaceId: string | undefined,
    onProgress: (fraction: number) => void,
  ): Promise<UploadResult>;
}

export type Route = 'direct' | 'proxy';

export interface UploadOutcome {
  result: UploadResult;
  route: Route;
  /** Why the proxy was used: the presign reason, `no_extension`, or `direct_failed`. */
  reason: string | null;
}

/** The errors the console itself writes (the server's own refusals are shown as they come). */
export interface UploadWords {
  connection: string;
  cancelled: string;
  refused: (status: number) => string;
  failed: (status: number) => string;
}

export class UploadError extends Error {
  override name = 'UploadError';
  /** The server's machine-readable reason (`{ok: false, reason}`), which the page words. */
  readonly reason: string | undefined;

  constructor(message: string, reason?: string) {
    super(message);
    this.reason = reason;
  }
}

/** The extension a file declares by its name, lower-case and without the dot; null when it has none. */
export function extensionOf(name: string): string | null {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(name);
  return m?.[1] ? m[1].toLowerCase() : null;
}

const PROXY_PATH = '/api/upload-ref';

export async function uploadFile(
  t: Transport,
  file: File,
  opts: { workspaceId?: string | undefined; onProgress?: (fraction: number, route: Route) => void } = {},
): Promise<UploadOutcome> {
  const progress = (route: Route) => (f: number) => opts.onProgress?.(Math.max(0, Math.min(1, f)), route);
  const proxy = async (path: string, reason: string | null): Promise<UploadOutcome> => ({
    result: await t.post(path, file, file.name, opts.workspaceId, progress('proxy')),
    route: 'proxy',
    reason,
  });

  const ext = extensionOf(file.name);
  // Without a declared type the server can still decide it from the bytes.
  if (!ext) return proxy(PROXY_PATH, 'no_extension');
  // Refusals of the declaration itself (type not allowed, too large) are the caller's to see.
  const answer = await t.presign({
    ext,
    size: file.size,
    ...(opts.workspaceId ? { workspace_id: opts.workspaceId } : {}),
  });
  if (answer.strategy !== 'direct' || !answer.upload || !answer.commit) {
    return proxy(answer.fallback.path, answer.strategy === 'proxy' ? (answer.reason ?? null) : 'incomplete');
  }
  try {
    await t.put(answer.upload.url, answer.upload.headers, file, progress('direct'));
  } catch {
    // A blocked or failed PUT (network, CORS, expired address): the proxy still works.
    return proxy(answer.fallback.path, 'direct_failed');
  }
  return { result: await t.commit(answer.commit.body.key), route: 'direct', reason: null };
}

/** A transport over XMLHttpRequest (for upload progress) and the tRPC presign and commit calls. */
export function browserTransport(calls: Pick<Transport, 'presign' | 'commit'>, words: UploadWords): Transport {
  const send = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body: Blob | FormData,
    onProgress: (f: number) => void,
  ) =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open(method, url);
      for (const [k, v] of Object.entries(headers)) {
        // Browsers set Content-Length themselves from the body.
        if (k.toLowerCase() !== 'content-length') xhr.setRequestHeader(k, v);
      }
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(e.loaded / e.total);
      };
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new UploadError(words.connection));
      xhr.onabort = () => reject(new UploadError(words.cancelled));
      xhr.send(body);
    });
  return {
    ...calls,
    async put(url, headers, file, onProgress) {
      const res = await send('PUT', url, headers, file, onProgress);
      if (res.status < 200 || res.status >= 300) throw new UploadError(words.refused(res.status));
    },
    async post(path, file, filename, workspaceId, onProgress) {
      const form = new FormData();
      if (workspaceId) form.set('workspace_id', workspaceId);
      form.set('file', file, filename);
      const res = await send('POST', path, {}, form, onProgress);
      if (res.status === 401) {
        // The session ended while the page was open.
        goToSignIn();
        return new Promise<never>(() => {});
      }
      let json: { ok?: boolean; error?: string; reason?: string } & Partial<UploadResult> = {};
      try {
        json = JSON.parse(res.text) as typeof json;
      } catch {
        // not JSON
      }
      if (res.status !== 200 || !json.url) throw new UploadError(json.error ?? words.failed(res.status), json.reason);
      return json as UploadResult;
    },
  };
}
