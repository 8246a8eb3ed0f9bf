import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { adminKey, api } from './api';

/**
 * Studio's MCP server through the official MCP TypeScript SDK's client (`@modelcontextprotocol/sdk`
 * 1.32.2: `Client` over `StreamableHTTPClientTransport`, the key as `Authorization: Bearer`).
 */

export interface Job {
  id: string;
  status: string;
  cdn_url: string | null;
  credits: number;
  template_id: string | null;
}
interface LedgerPage {
  entries: { amount: number; account_id: string | null }[];
  next_cursor: string | null;
}

export const mcpUrl = () => new URL(`${inject('apiBase')}/api/mcp`);
const clients: Client[] = [];

export async function connect(key: string): Promise<Client> {
  const client = new Client({ name: 'studio-mcp-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(mcpUrl(), { requestInit: { headers: { Authorization: `Bearer ${key}` } } }),
  );
  clients.push(client);
  return client;
}

let seq = 0;
export const slug = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++seq}`;
export const toolOf = (templateSlug: string) => `template_${templateSlug.replace(/-/g, '_')}`;

export async function createTemplate(key: string, overrides: Record<string, unknown> = {}) {
  const res = await api<{ template: { id: string; slug: string } }>('/templates', {
    key,
    body: {
      slug: slug('mcp-cup'),
      type: 'image',
      zh_name: '保温杯主图',
      description: '电商主图',
      ratio: '3:4',
      prompt_template: '{product}放在{scene}里，柔和自然光，高清商业摄影',
      fields: [
        { key: 'product', label: '商品名称', placeholder: '保温杯' },
        { key: 'scene', label: '场景', required: false, default: '木质桌面' },
      ],
      ...overrides,
    },
  });
  expect(res.status).toBe(200);
  return res.body.template;
}

export const texts = (r: CallToolResult) => r.content.flatMap((c) => (c.type === 'text' ? [c.text] : []));
export const jobsOf = (r: CallToolResult) => (r.structuredContent as { jobs: Job[] }).jobs;

/** The image content of an answer, checked to be a real image by decoding it. */
export async function imageOf(r: CallToolResult) {
  const image = r.content.find((c) => c.type === 'image');
  if (image?.type !== 'image') throw new Error(`no image content in ${JSON.stringify(texts(r))}`);
  const meta = await sharp(Buffer.from(image.data, 'base64')).metadata();
  expect(['png', 'jpeg']).toContain(meta.format);
  expect(image.mimeType).toBe(`image/${meta.format}`);
  return meta;
}

/** Every wallet's ledger rows sum to the balance it shows: the pool's and each member's. */
export async function expectLedgerMatches(
  tenantId: string,
  tenantKey: string,
  members: { id: string; key: string }[] = [],
) {
  const ledger = await api<LedgerPage>('/admin', {
    key: adminKey(),
    body: { action: 'tenant-ledger', tenant_id: tenantId, limit: 200 },
  });
  expect(ledger.body.next_cursor).toBeNull();
  const sumOf = (account: string | null) =>
    ledger.body.entries.filter((e) => e.account_id === account).reduce((s, e) => s + e.amount, 0);
  const pool = await api<{ allocatable: number }>('/tenant-pool', { key: tenantKey });
  expect(sumOf(null)).toBe(pool.body.allocatable);
  for (const m of members) {
    const balance = await api<{ credits: number }>('/balance', { key: m.key });
    expect(sumOf(m.id)).toBe(balance.body.credits);
  }
}

/** Closes every client `connect` opened. */
export async function closeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((c) => c.close()));
}
