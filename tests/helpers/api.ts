import { inject } from 'vitest';

export interface ApiResult<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

export interface CallOptions {
  method?: string;
  key?: string | null;
  bearer?: boolean;
  body?: unknown;
  rawBody?: string;
  contentType?: string;
  headers?: Record<string, string>;
  /** Another server than the shared one. */
  base?: string;
}

/** Calls the running server's REST API; `path` is below /api. */
export async function api<T = Record<string, unknown>>(path: string, opts: CallOptions = {}): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key) {
    if (opts.bearer) headers.authorization = `Bearer ${opts.key}`;
    else headers['x-api-key'] = opts.key;
  }
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] = opts.contentType ?? 'application/json';
  const res = await fetch(`${opts.base ?? inject('apiBase')}/api${path}`, {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}

export const adminKey = () => inject('adminKey');

let counter = 0;

/** Opens a tenant through the operator API and answers its id and key. */
export async function newTenant(opts: { credits?: number; name?: string; email?: string; password?: string } = {}) {
  counter += 1;
  const res = await api<{ ok: boolean; tenant: { id: string; name: string }; api_key: string }>('/admin', {
    key: adminKey(),
    body: {
      action: 'tenant-create',
      name: opts.name ?? `测试租户 ${counter}-${Date.now()}`,
      credits: opts.credits ?? 1000,
      quota_monthly: 5000,
      ...(opts.email ? { admin_email: opts.email, admin_password: opts.password ?? 'correct horse battery' } : {}),
    },
  });
  if (res.status !== 200) throw new Error(`tenant-create failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.tenant.id, name: res.body.tenant.name, key: res.body.api_key };
}

/** Opens a member account of a tenant and answers its id and key. */
export async function newMember(tenantKey: string, body: Record<string, unknown> = {}) {
  counter += 1;
  const res = await api<{ account: { account_id: string; api_key: string } }>('/tenant-accounts', {
    key: tenantKey,
    body: { action: 'create', email: `m${counter}-${Date.now()}@example.cn`, nickname: `成员${counter}`, ...body },
  });
  if (res.status !== 200) throw new Error(`member create failed: ${JSON.stringify(res.body)}`);
  return { id: res.body.account.account_id, key: res.body.account.api_key };
}

export interface Job {
  id: string;
  jobId: string;
  status: 'pending' | 'done' | 'failed';
  cdn_url: string | null;
  error: string | null;
  reason: string | null;
  note: string | null;
  elapsed_ms: number | null;
  steps: { name: string; status: 'running' | 'ok' | 'fail' }[] | null;
}

export async function waitForJob(
  key: string,
  id: string,
  until: (j: Job) => boolean = (j) => j.status !== 'pending',
  base?: string,
): Promise<Job> {
  for (let i = 0; i < 150; i++) {
    const res = await api<{ job: Job }>(`/jobs?id=${id}`, { key, ...(base ? { base } : {}) });
    if (res.status === 200 && until(res.body.job)) return res.body.job;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`job ${id} did not finish`);
}

/** Calls the simulator's control API. */
export const sim = (path: string, init: RequestInit & { json?: unknown } = {}) =>
  fetch(`${inject('simOrigin')}${path}`, {
    ...init,
    method: init.method ?? (init.json ? 'POST' : 'GET'),
    headers: init.json ? { 'content-type': 'application/json' } : undefined,
    body: init.json ? JSON.stringify(init.json) : undefined,
  });

export interface Uploaded {
  ok: boolean;
  url: string;
  media_type: string;
  mime: string;
  key: string;
  size: number;
  error?: string;
  code?: string;
}

/** Sends a multipart upload the way a browser form or curl -F does. */
export async function upload(
  base: string,
  key: string,
  file: Buffer | null,
  opts: { filename?: string; type?: string; field?: string; workspace?: string } = {},
): Promise<ApiResult<Uploaded>> {
  const form = new FormData();
  if (opts.workspace !== undefined) form.set('workspace_id', opts.workspace);
  if (file)
    form.set(
      opts.field ?? 'file',
      new Blob([new Uint8Array(file)], { type: opts.type ?? 'application/octet-stream' }),
      opts.filename ?? 'upload.bin',
    );
  const res = await fetch(`${base}/api/upload-ref`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as Uploaded };
}
