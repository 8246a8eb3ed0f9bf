import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminKey, api, newMember, newTenant } from '../helpers/api';
import {
  closeClients,
  connect,
  createTemplate,
  expectLedgerMatches,
  imageOf,
  jobsOf,
  mcpUrl,
  texts,
  toolOf,
  type Job,
} from '../helpers/mcp';

/**
 * Studio's MCP server at /api/mcp, driven by the official MCP TypeScript SDK's client
 * (`@modelcontextprotocol/sdk` 1.32.2: `Client` over `StreamableHTTPClientTransport`, the key as
 * `Authorization: Bearer`), as desktop assistants, IDEs and agent frameworks use it.
 */

afterAll(closeClients);

describe('MCP server: a tenant key', () => {
  let tenant: { id: string; key: string };
  let client: Client;
  let template: { id: string; slug: string };

  beforeAll(async () => {
    tenant = await newTenant({ credits: 1000 });
    template = await createTemplate(tenant.key);
    client = await connect(tenant.key);
  });

  it('lists the built-in tools and each usable template as a tool whose input schema is its fields', async () => {
    const { tools } = await client.listTools();
    const names = tools.map((t) => t.name);
    for (const name of [
      'generate_image',
      'get_job',
      'list_templates',
      'list_skills',
      'write_article',
      'start_video',
      'get_video',
      'read_image',
    ])
      expect(names).toContain(name);
    const tool = tools.find((t) => t.name === toolOf(template.slug));
    expect(tool?.description).toContain('保温杯主图');
    expect(tool?.inputSchema).toMatchObject({
      type: 'object',
      properties: {
        product: { type: 'string', title: '商品名称' },
        scene: { type: 'string', title: '场景', default: '木质桌面' },
      },
      required: ['product'],
    });
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect(new Set(names).size).toBe(names.length);

    // A template created after that list is a tool on the next one.
    const later = await createTemplate(tenant.key, {
      fields: [{ key: 'product', label: '商品' }],
      prompt_template: '{product}',
    });
    expect((await client.listTools()).tools.map((t) => t.name)).toContain(toolOf(later.slug));
  });

  it('generates from a template tool: a real image, its link and job, charged as REST charges', async () => {
    const before = (await api<{ credits: number }>('/balance', { key: tenant.key })).body.credits;
    const result = (await client.callTool({
      name: toolOf(template.slug),
      arguments: { product: '保温杯' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    const meta = await imageOf(result);
    expect(Math.round(((meta.width ?? 0) * 4) / 3)).toBe(meta.height);
    const [job] = jobsOf(result);
    expect(job).toMatchObject({ status: 'done', template_id: template.id });
    const link = result.content.find((c) => c.type === 'resource_link');
    expect(link).toMatchObject({ uri: job?.cdn_url, name: `job-${job?.id}` });
    expect(job?.cdn_url).toMatch(new RegExp(`^${inject('apiBase')}/files/`));
    const rest = await api<{ job: Job }>(`/jobs?id=${job?.id}`, { key: tenant.key });
    expect(rest.body.job).toMatchObject({ status: 'done', cdn_url: job?.cdn_url });
    const after = (await api<{ credits: number }>('/balance', { key: tenant.key })).body.credits;
    expect(after).toBe(before - (job?.credits ?? 0));
    expect(job?.credits).toBeGreaterThan(0);
  });

  it('generate_image answers the image; past its wait the job id, which get_job reads', async () => {
    const square = (await client.callTool({
      name: 'generate_image',
      arguments: { prompt: '一只橘猫', ratio: '1:1', quality: 'low' },
    })) as CallToolResult;
    expect(square.isError).toBeFalsy();
    const meta = await imageOf(square);
    expect(meta.width).toBe(meta.height);

    const quick = (await client.callTool({
      name: 'generate_image',
      arguments: { prompt: '海边的灯塔', wait_seconds: 0 },
    })) as CallToolResult;
    const [pending] = jobsOf(quick);
    expect(pending?.status).toBe('pending');
    expect(texts(quick).join('\n')).toContain(`get_job`);
    expect(texts(quick).join('\n')).toContain(pending?.id ?? '-');

    const read = (await client.callTool({
      name: 'get_job',
      arguments: { id: pending?.id, wait_seconds: 30 },
    })) as CallToolResult;
    expect(jobsOf(read)[0]).toMatchObject({ id: pending?.id, status: 'done' });
    await imageOf(read);
    await expectLedgerMatches(tenant.id, tenant.key);
  });

  it('makes several images in one call (a batch), each as image content', async () => {
    const result = (await client.callTool({
      name: 'generate_image',
      arguments: { prompt: '山间小屋', n: 2, quality: 'low' },
    })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(jobsOf(result).map((j) => j.status)).toEqual(['done', 'done']);
    expect(result.content.filter((c) => c.type === 'image')).toHaveLength(2);
  });

  it('list_templates names each template’s tool; bad arguments and refusals are tool errors with REST’s words', async () => {
    const list = (await client.callTool({ name: 'list_templates', arguments: { type: 'image' } })) as CallToolResult;
    const rows = (list.structuredContent as { templates: { slug: string; tool: string | null }[] }).templates;
    expect(rows.find((t) => t.slug === template.slug)?.tool).toBe(toolOf(template.slug));

    const empty = (await client.callTool({ name: 'generate_image', arguments: { prompt: '' } })) as CallToolResult;
    expect(empty.isError).toBe(true);
    expect(texts(empty)[0]).toBe('Invalid request: prompt: must not be empty (HTTP 400; reason: validation)');

    const rest = await api<{ error: string; reason: string }>('/generate', {
      key: tenant.key,
      body: { prompt: 'x', ratio: '9:1' },
    });
    expect(rest.status).toBe(400);
    const ratio = (await client.callTool({
      name: 'generate_image',
      arguments: { prompt: 'x', ratio: '9:1' },
    })) as CallToolResult;
    expect(ratio.isError).toBe(true);
    expect(texts(ratio)[0]).toBe(`${rest.body.error} (HTTP 400; reason: ${rest.body.reason})`);

    const extra = (await client.callTool({
      name: toolOf(template.slug),
      arguments: { product: '杯', colour: 'red' },
    })) as CallToolResult;
    expect(extra.isError).toBe(true);
    expect(texts(extra)[0]).toContain('colour: is not an argument of this tool');

    const missing = (await client.callTool({
      name: 'get_job',
      arguments: { id: crypto.randomUUID() },
    })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(texts(missing)[0]).toMatch(/HTTP 404/);
  });
});

describe('MCP server: a member key', () => {
  it('sees only templates it may use; a refused generation answers the 402 as a tool error and charges nothing', async () => {
    const tenant = await newTenant({ credits: 500 });
    const usable = await createTemplate(tenant.key);
    const off = await createTemplate(tenant.key);
    expect(
      (await api('/templates', { key: tenant.key, method: 'PATCH', body: { id: off.id, active: false } })).status,
    ).toBe(200);
    const other = await newTenant();
    const foreign = await createTemplate(other.key);
    const member = await newMember(tenant.key, { credits: 0 });

    const client = await connect(member.key);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toContain(toolOf(usable.slug));
    expect(names).not.toContain(toolOf(off.slug));
    expect(names).not.toContain(toolOf(foreign.slug));
    await expect(client.callTool({ name: toolOf(foreign.slug), arguments: { product: '杯' } })).rejects.toThrow(
      /Unknown tool/,
    );
    await expect(client.callTool({ name: toolOf(off.slug), arguments: { product: '杯' } })).rejects.toThrow(
      /Unknown tool/,
    );

    const rest = await api<{ error: string; reason: string }>('/generate', {
      key: member.key,
      body: { template_id: usable.id, input: { product: '杯' } },
    });
    expect(rest.status).toBe(402);
    const refused = (await client.callTool({
      name: toolOf(usable.slug),
      arguments: { product: '杯' },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(texts(refused)[0]).toBe(`${rest.body.error} (HTTP 402; reason: ${rest.body.reason})`);
    expect((await api<{ jobs: unknown[] }>('/jobs', { key: member.key })).body.jobs).toEqual([]);
    expect((await api<{ credits: number }>('/balance', { key: member.key })).body.credits).toBe(0);
    expect((await api<{ allocatable: number }>('/tenant-pool', { key: tenant.key })).body.allocatable).toBe(500);
    await expectLedgerMatches(tenant.id, tenant.key, [member]);
  });
});

describe('MCP server: who may connect', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  };
  const post = (headers: Record<string, string>) =>
    fetch(mcpUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(initialize),
    });

  it('answers 401 with WWW-Authenticate: Bearer without a key or with an unknown one', async () => {
    const none = await post({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="Studio"');
    expect(((await none.json()) as { error: string }).error).toMatch(/^Missing API key/);

    const wrong = await post({ authorization: 'Bearer sk-studio-not-a-key' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer realm="Studio", error="invalid_token"');
    await expect(connect('sk-studio-not-a-key')).rejects.toThrow();
  });

  it('refuses the operator key (no tenant) with 403, and GET or DELETE with 405', async () => {
    expect((await post({ authorization: `Bearer ${adminKey()}` })).status).toBe(403);
    const tenant = await newTenant();
    const ok = await post({ authorization: `Bearer ${tenant.key}` });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { result: { serverInfo: { name: string } } }).result.serverInfo.name).toBe('studio');
    for (const method of ['GET', 'DELETE']) {
      const res = await fetch(mcpUrl(), { method, headers: { authorization: `Bearer ${tenant.key}` } });
      expect(res.status).toBe(405);
      expect(res.headers.get('allow')).toBe('POST');
    }
  });
});
