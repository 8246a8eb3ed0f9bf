import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { api, newMember, newTenant, upload } from '../helpers/api';
import { closeClients, connect, expectLedgerMatches, imageOf, jobsOf, slug, texts } from '../helpers/mcp';

/**
 * The MCP tools beyond image templates, through the official MCP SDK client (`@modelcontextprotocol/sdk`
 * 1.32.2): form skills, article templates and write_article, videos, image reading; each answers what
 * its REST operation answers and is charged as REST charges it.
 */

afterAll(closeClients);

const balance = async (key: string) => (await api<{ credits: number }>('/balance', { key })).body.credits;
const call = async (key: string, name: string, args: Record<string, unknown>) =>
  (await (await connect(key)).callTool({ name, arguments: args })) as CallToolResult;

describe('MCP tools: skills, articles, videos, image reading', () => {
  it('gives a form skill a tool with its fields, and generates with it', async () => {
    const t = await newTenant({ credits: 200 });
    const client = await connect(t.key);
    const tool = (await client.listTools()).tools.find((x) => x.name === 'skill_selling_points_poster');
    expect(tool?.inputSchema).toMatchObject({
      properties: {
        product: { type: 'string', title: '商品名称' },
        selling_points: { type: 'string', title: '核心卖点', 'x-multiline': true },
        style: { type: 'string', default: '清新明亮的科技感，浅色渐变背景' },
      },
      required: ['product', 'selling_points'],
    });
    const skills = (await client.callTool({ name: 'list_skills', arguments: {} })) as CallToolResult;
    const rows = (skills.structuredContent as { skills: { slug: string; tool: string | null }[] }).skills;
    expect(rows.find((s) => s.slug === 'selling-points-poster')?.tool).toBe('skill_selling_points_poster');
    expect(rows.find((s) => s.slug === 'food-dish-photo')?.tool).toBeNull();
    // A skill's prompt is never shown, through MCP as through REST.
    expect(JSON.stringify(skills)).not.toContain('电商详情页卖点海报，3:4 竖版');

    const missing = (await client.callTool({
      name: 'skill_selling_points_poster',
      arguments: { product: '榨汁杯' },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toMatch(/selling_points/);
    expect(texts(missing)[0]).toMatch(/HTTP 400/);

    const made = (await client.callTool({
      name: 'skill_selling_points_poster',
      arguments: { product: '榨汁杯', selling_points: '30秒出汁；USB-C充电' },
    })) as CallToolResult;
    expect(made.isError).toBeFalsy();
    expect(jobsOf(made)[0]).toMatchObject({ status: 'done' });
    await imageOf(made);
    await expectLedgerMatches(t.id, t.key);
  });

  it('writes copy through an article template’s tool and through write_article, charged each time', async () => {
    const t = await newTenant({ credits: 50 });
    const created = await api<{ template: { slug: string } }>('/templates', {
      key: t.key,
      body: {
        type: 'article',
        slug: slug('mcp-art'),
        zh_name: '种草笔记',
        format: 'xiaohongshu',
        prompt_template: '写一篇关于{product}的小红书种草笔记',
        fields: [{ key: 'product', label: '产品' }],
      },
    });
    expect(created.status).toBe(200);
    const name = `article_${created.body.template.slug.replace(/-/g, '_')}`;
    const before = await balance(t.key);
    const note = await call(t.key, name, { product: '冷萃咖啡' });
    expect(note.isError).toBeFalsy();
    expect(note.structuredContent).toMatchObject({ ok: true, format: 'xiaohongshu', credits: 1 });
    expect((note.structuredContent as { hashtags: string[] }).hashtags.length).toBeGreaterThan(0);
    const again = await call(t.key, 'write_article', {
      template_slug: created.body.template.slug,
      input: { product: '手冲壶' },
    });
    expect(again.structuredContent).toMatchObject({ ok: true, credits: 1 });
    expect(await balance(t.key)).toBe(before - 2);
    await expectLedgerMatches(t.id, t.key);
  });

  it('starts a video and reads it until its link is there; refuses a duration outside the tier as REST does', async () => {
    const t = await newTenant({ credits: 200 });
    const body = { prompt: '海边日落', model: 'videomodel-H3', duration: 5, ratio: '16:9', resolution: '2K' };
    const started = await call(t.key, 'start_video', body);
    expect(started.isError).toBeFalsy();
    const { id } = started.structuredContent as { id: string; state: string };
    expect(started.structuredContent).toMatchObject({ ok: true, state: 'queued', status: 'pending' });
    let task: { state: string; video_url: string | null } | undefined;
    let read: CallToolResult | undefined;
    for (let i = 0; i < 200 && task?.state !== 'succeeded'; i++) {
      read = await call(t.key, 'get_video', { id });
      task = (read.structuredContent as { task: typeof task }).task;
      if (task?.state !== 'succeeded') await new Promise((r) => setTimeout(r, 100));
    }
    expect(task?.video_url).toMatch(/^http/);
    expect(read?.content.find((c) => c.type === 'resource_link')).toMatchObject({
      uri: task?.video_url,
      mimeType: 'video/mp4',
    });

    // The task is a job too: get_job reads it, with no image content for a video.
    const asJob = await call(t.key, 'get_job', { id });
    expect(asJob.isError).toBeFalsy();
    expect(jobsOf(asJob)[0]).toMatchObject({ id, status: 'done' });
    expect(asJob.content.some((c) => c.type === 'image')).toBe(false);

    const rest = await api<{ error: string; reason: string }>('/videos', {
      key: t.key,
      body: { ...body, duration: 40 },
    });
    expect(rest.status).toBe(400);
    const long = await call(t.key, 'start_video', { ...body, duration: 40 });
    expect(long.isError).toBe(true);
    expect(texts(long)[0]).toBe(`${rest.body.error} (HTTP 400; reason: ${rest.body.reason})`);
    await expectLedgerMatches(t.id, t.key);
  });

  it('reads an image as POST /api/reverse does, charged; a member key only sees its own jobs', async () => {
    const t = await newTenant({ credits: 100 });
    const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#c84' } })
      .png()
      .toBuffer();
    const up = await upload(inject('apiBase'), t.key, png, { filename: 'poster.png' });
    expect(up.status).toBe(200);
    const before = await balance(t.key);
    const read = await call(t.key, 'read_image', { image_url: up.body.url });
    expect(read.isError, texts(read).join('\n')).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ ok: true, ratio: '16:9', sculpt: { subject: expect.any(String) } });
    expect(await balance(t.key)).toBeLessThan(before);

    const bad = await call(t.key, 'read_image', { image_url: 'not a url' });
    expect(bad.isError).toBe(true);
    expect(texts(bad)[0]).toMatch(/image_url.*HTTP 400/);

    // A member reads only its own jobs, as GET /api/jobs?id= answers it: the tenant's job is 404.
    const made = await call(t.key, 'generate_image', { prompt: '一盏台灯', quality: 'low', wait_seconds: 0 });
    const member = await newMember(t.key, { shared: true });
    const other = await call(member.key, 'get_job', { id: jobsOf(made)[0]?.id });
    expect(other.isError).toBe(true);
    expect(texts(other)[0]).toMatch(/HTTP 404/);
    await expectLedgerMatches(t.id, t.key);
  });
});
