import { describe, expect, it } from 'vitest';
import { api, newMember, newTenant, sim, waitForJob, type Job } from '../helpers/api';

/**
 * What the console shows, a program reads over REST too: what each job cost and what was given back,
 * a job's ledger rows, the articles written (history and one in full), and usage with every category
 * apart. Each answer is checked against the other reads that must agree with it.
 */
describe('REST parity with the console', () => {
  it('says on every job what it charged and refunded, and shows the ledger rows of one', async () => {
    const t = await newTenant({ credits: 100 });
    const done = (
      await api<{ jobId: string }>('/generate', { key: t.key, body: { prompt: '一只橘猫', quality: 'high' } })
    ).body.jobId;
    await waitForJob(t.key, done);
    await sim('/__sim/faults', { json: { channel: 'sim-image-a', fault: 'server_error' } });
    await sim('/__sim/faults', { json: { channel: 'sim-image-b', fault: 'server_error' } });
    let failed: string;
    try {
      failed = (
        await api<{ jobId: string }>('/generate', {
          key: t.key,
          body: { prompt: '一只失败的猫', quality: 'medium', model: 'imagegen-1' },
        })
      ).body.jobId;
      expect((await waitForJob(t.key, failed)).status).toBe('failed');
    } finally {
      await sim('/__sim/faults', { method: 'DELETE' });
    }
    const list = (await api<{ jobs: (Job & { credits: number; credits_refunded: number })[] }>('/jobs', { key: t.key }))
      .body.jobs;
    const byId = new Map(list.map((j) => [j.id, j]));
    expect(byId.get(done)).toMatchObject({ status: 'done', credits: 4, credits_refunded: 0 });
    expect(byId.get(failed)).toMatchObject({ status: 'failed', credits: 2, credits_refunded: 2 });
    expect((await api('/balance', { key: t.key })).body).toMatchObject({ credits: 100 - 4 });

    const detail = await api<{
      ok: true;
      credits: number;
      refunded: number;
      ledger: { kind: string; amount: number }[];
      job: { id: string };
    }>(`/jobs/detail?id=${failed}`, { key: t.key });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ ok: true, credits: 2, refunded: 2, job: { id: failed } });
    expect(detail.body.ledger.filter((l) => l.kind === 'refund').map((l) => l.amount)).toEqual([2]);
    // The same visibility as GET /api/jobs?id=: a member of the tenant does not see the tenant's job.
    const member = await newMember(t.key);
    expect((await api(`/jobs/detail?id=${failed}`, { key: member.key })).status).toBe(404);
    expect((await api('/jobs/detail?id=not-a-uuid', { key: t.key })).status).toBe(400);
  });

  it('lists articles with kind=article, and reads their history and one article over REST', async () => {
    const t = await newTenant({ credits: 100 });
    const template = (
      await api<{ template: { slug: string } }>('/templates', {
        key: t.key,
        body: { type: 'article', zh_name: '种草笔记', format: 'xiaohongshu', prompt_template: '为{input}写一篇笔记' },
      })
    ).body.template;
    const written = await api<{ title: string; credits: number }>('/article', {
      key: t.key,
      body: { template_slug: template.slug, input: '桂花乌龙茶' },
    });
    expect(written.status).toBe(200);

    // Without kind the list leaves articles out, as it always did; kind=article lists them.
    expect((await api<{ jobs: Job[] }>('/jobs', { key: t.key })).body.jobs).toEqual([]);
    const articles = (await api<{ jobs: (Job & { credits: number })[] }>('/jobs?kind=article', { key: t.key })).body
      .jobs;
    expect(articles).toHaveLength(1);
    expect(articles[0]).toMatchObject({ kind: 'article', status: 'done', credits: written.body.credits });
    expect((await api('/jobs?kind=poster', { key: t.key })).status).toBe(400);

    const history = await api<{
      ok: true;
      articles: { id: string; title: string; template_slug: string }[];
      next_cursor: null;
    }>('/article/history?q=%E6%A1%82%E8%8A%B1', {
      key: t.key,
    });
    expect(history.body).toMatchObject({ ok: true, next_cursor: null });
    expect(history.body.articles.map((a) => a.title)).toEqual([written.body.title]);
    const id = history.body.articles[0]?.id ?? '';
    expect(id).toBe(articles[0]?.id);
    const one = await api<{ ok: true; id: string; body: string; input: unknown; template_slug: string }>(
      `/article?id=${id}`,
      { key: t.key },
    );
    expect(one.body).toMatchObject({ ok: true, id, template_slug: template.slug, input: '桂花乌龙茶' });
    expect(one.body.body.length).toBeGreaterThan(0);
    const other = await newTenant();
    expect((await api(`/article?id=${id}`, { key: other.key })).status).toBe(404);
  });

  it('reports usage with every category apart, summing to the report of GET /api/tenant-usage', async () => {
    const t = await newTenant({ credits: 100 });
    const template = (
      await api<{ template: { slug: string } }>('/templates', {
        key: t.key,
        body: { type: 'article', zh_name: '文案', format: 'xiaohongshu', prompt_template: '写{input}' },
      })
    ).body.template;
    const article = await api<{ credits: number }>('/article', {
      key: t.key,
      body: { template_slug: template.slug, input: '茶' },
    });
    const job = (await api<{ jobId: string }>('/generate', { key: t.key, body: { prompt: '茶', quality: 'low' } })).body
      .jobId;
    await waitForJob(t.key, job);
    type Bucket = Record<'image' | 'video' | 'chat' | 'reverse' | 'other' | 'total', number> & { article?: number };
    const usage = (await api<{ totals: Bucket }>('/tenant-usage?days=1', { key: t.key })).body.totals;
    const split = await api<{ ok: true; totals: Bucket; daily: (Bucket & { date: string })[] }>(
      '/tenant-usage/categories?days=1',
      { key: t.key },
    );
    expect(split.status).toBe(200);
    expect(split.body.totals).toMatchObject({
      image: 1,
      article: article.body.credits,
      chat: usage.chat - article.body.credits,
      total: usage.total,
    });
    expect(split.body.daily).toHaveLength(1);
    const member = await newMember(t.key);
    expect((await api('/tenant-usage/categories', { key: member.key })).status).toBe(403);
  });
});
