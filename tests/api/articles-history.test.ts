import { afterEach, describe, expect, it } from 'vitest';
import { api, newMember, newTenant, sim } from '../helpers/api';

interface Template {
  slug: string;
  type: string;
  format: string | null;
  fields: { key: string; label: string; required?: boolean }[] | null;
  locked: boolean;
}
interface Summary {
  id: string;
  status: 'done' | 'failed';
  template_slug: string;
  format: string;
  title: string | null;
  excerpt: string | null;
  topic: string | null;
  error: string | null;
  credits: number;
  by: string;
  account_id: string | null;
}
interface Kept extends Omit<Summary, 'excerpt' | 'topic'> {
  body: string | null;
  hashtags: string[] | null;
  input: string | Record<string, string> | null;
  template_name: string;
}

/** Calls a console procedure over tRPC with a key, as the console's session would. */
async function trpcQuery<T>(key: string, path: string, input: unknown): Promise<{ status: number; data: T }> {
  const res = await api<{ result?: { data: T } }>(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    key,
  });
  return { status: res.status, data: res.body.result?.data as T };
}
const history = async (key: string, input: Record<string, unknown> = {}) =>
  (await trpcQuery<{ articles: Summary[]; next_cursor: string | null }>(key, 'article.history', input)).data;

async function sentenceTemplate(key: string): Promise<Template> {
  const all = (await api<{ templates: Template[] }>('/templates?type=article&source=platform', { key })).body.templates;
  const t = all.find((x) => !x.locked && x.fields?.length === 0);
  if (!t) throw new Error('the platform catalogue needs an open one-sentence article template');
  return t;
}

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;

describe('article history', () => {
  afterEach(async () => {
    await sim('/__sim/faults', { method: 'DELETE' });
  });

  it('keeps every article written, with its input and copy, while POST /api/article answers exactly as before', async () => {
    const t = await newTenant({ credits: 50 });
    const template = await sentenceTemplate(t.key);
    const res = await api<Record<string, unknown>>('/article', {
      key: t.key,
      body: { template_slug: template.slug, input: '写一篇关于桂花乌龙奶茶的种草文' },
    });
    expect(res.status).toBe(200);
    const expected = [
      'body',
      'credits',
      'format',
      'ok',
      'template_slug',
      'title',
      ...(template.format === 'xiaohongshu' ? ['hashtags'] : []),
    ].sort();
    expect(Object.keys(res.body).sort()).toEqual(expected);

    const list = await history(t.key);
    expect(list.articles).toHaveLength(1);
    const [row] = list.articles;
    expect(row).toMatchObject({
      status: 'done',
      template_slug: template.slug,
      title: res.body.title,
      credits: res.body.credits,
      by: 'key',
      account_id: null,
    });
    expect(row?.topic).toBe('写一篇关于桂花乌龙奶茶的种草文');

    const kept = await trpcQuery<Kept>(t.key, 'article.get', { id: row?.id });
    expect(kept.status).toBe(200);
    expect(kept.data).toMatchObject({
      body: res.body.body,
      title: res.body.title,
      input: '写一篇关于桂花乌龙奶茶的种草文',
      format: res.body.format,
    });
    if (template.format === 'xiaohongshu') expect(kept.data.hashtags).toEqual(res.body.hashtags);

    // Not a job of the API: the job list neither lists nor finds it, and tenant-stats does not count it.
    expect((await api<{ jobs: unknown[] }>('/jobs', { key: t.key })).body.jobs).toEqual([]);
    expect((await api(`/jobs?id=${row?.id}`, { key: t.key })).status).toBe(404);
    expect(
      (await api<{ mine: { jobs: { total: number } } }>('/tenant-stats', { key: t.key })).body.mine.jobs.total,
    ).toBe(0);
  });

  it('finds Chinese text in titles, bodies and topics; a member sees only its own articles', async () => {
    const t = await newTenant({ credits: 50 });
    const member = await newMember(t.key);
    const template = await sentenceTemplate(t.key);
    expect(
      (await api('/article', { key: t.key, body: { template_slug: template.slug, input: '秋天的第一杯桂花拿铁' } }))
        .status,
    ).toBe(200);
    expect(
      (await api('/article', { key: member.key, body: { template_slug: template.slug, input: '夏日露营清单' } }))
        .status,
    ).toBe(200);

    const mine = await history(member.key);
    expect(mine.articles.map((a) => a.topic)).toEqual(['夏日露营清单']);
    expect(mine.articles[0]).toMatchObject({ by: 'member', account_id: member.id });
    expect((await history(t.key)).articles.map((a) => a.topic)).toEqual(['夏日露营清单', '秋天的第一杯桂花拿铁']);

    expect((await history(t.key, { q: '桂花' })).articles.map((a) => a.topic)).toEqual(['秋天的第一杯桂花拿铁']);
    // The member's search covers its own articles only.
    expect((await history(member.key, { q: '桂花' })).articles).toEqual([]);
    expect((await history(t.key, { q: '没有这个词' })).articles).toEqual([]);
    // LIKE's wildcards are literal.
    expect((await history(t.key, { q: '%' })).articles).toEqual([]);
    // Search reaches the written copy too: its title's first characters find it.
    const tenantRow = (await history(t.key)).articles.find((a) => a.topic === '秋天的第一杯桂花拿铁');
    const word = /[\u4e00-\u9fff]{2,4}/.exec(tenantRow?.title ?? '')?.[0];
    expect(word, 'the written title has Chinese words').toBeTruthy();
    expect((await history(t.key, { q: word })).articles.map((a) => a.id)).toContain(tenantRow?.id);

    // Another member's article, or another tenant's, is not found.
    const other = await newTenant();
    const tenantArticle = (await history(t.key)).articles.find((a) => a.account_id === null);
    expect((await trpcQuery(member.key, 'article.get', { id: tenantArticle?.id })).status).toBe(404);
    expect((await trpcQuery(other.key, 'article.get', { id: tenantArticle?.id })).status).toBe(404);
  });

  it('pages newest first', async () => {
    const t = await newTenant({ credits: 50 });
    const template = await sentenceTemplate(t.key);
    for (const topic of ['第一篇', '第二篇', '第三篇'])
      expect((await api('/article', { key: t.key, body: { template_slug: template.slug, input: topic } })).status).toBe(
        200,
      );
    const first = await history(t.key, { limit: 2 });
    expect(first.articles.map((a) => a.topic)).toEqual(['第三篇', '第二篇']);
    expect(first.next_cursor).not.toBeNull();
    const second = await history(t.key, { limit: 2, cursor: first.next_cursor });
    expect(second.articles.map((a) => a.topic)).toEqual(['第一篇']);
    expect(second.next_cursor).toBeNull();
  });

  it('keeps a failed article as failed and refunds it', async () => {
    const t = await newTenant({ credits: 50 });
    const template = await sentenceTemplate(t.key);
    await sim('/__sim/faults', { json: { channel: '*', fault: 'bad_output' } });
    const before = await balance(t.key);
    const res = await api('/article', { key: t.key, body: { template_slug: template.slug, input: '写不出来的文案' } });
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(await balance(t.key)).toBe(before);

    const [row] = (await history(t.key)).articles;
    expect(row).toMatchObject({ status: 'failed', title: null, topic: '写不出来的文案' });
    expect(row?.error).toBeTruthy();
    expect(row?.error).not.toMatch(/sim-/);
    expect((await history(t.key, { status: 'failed' })).articles).toHaveLength(1);
    expect((await history(t.key, { status: 'done' })).articles).toHaveLength(0);
  });

  it('counts articles as chat in GET /api/tenant-usage and apart in the console’s report', async () => {
    const t = await newTenant({ credits: 50 });
    const template = await sentenceTemplate(t.key);
    const written = await api<{ credits: number }>('/article', {
      key: t.key,
      body: { template_slug: template.slug, input: '用量里的文案' },
    });
    expect(written.status).toBe(200);
    const price = written.body.credits;
    expect(price).toBeGreaterThan(0);

    const rest = await api<{ totals: Record<string, number> }>('/tenant-usage', { key: t.key });
    expect(rest.body.totals).toEqual({ image: 0, video: 0, chat: price, reverse: 0, other: 0, total: price });

    const console = await trpcQuery<{ totals: Record<string, number> }>(t.key, 'usage.byCategory', {});
    expect(console.status).toBe(200);
    expect(console.data.totals).toEqual({
      image: 0,
      video: 0,
      chat: 0,
      reverse: 0,
      other: 0,
      article: price,
      total: price,
    });
  });
});
