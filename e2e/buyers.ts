import type { APIRequestContext } from '@playwright/test';
import { createTenant, expect } from './helpers';

export interface PlatformTemplate {
  id: string;
  slug: string;
  zh_name: string;
  gated: boolean;
  type: string;
}

/** A seller's claim code for its gated platform image template, redeemed by a new buyer. */
export async function redeemBuyer(request: APIRequestContext, credits = 60) {
  const seller = await createTenant(request, { name: '花漾小店', credits: 500 });
  const listed = await request.get('/api/templates?type=image&source=platform', {
    headers: { 'X-API-Key': seller.apiKey },
  });
  const gated = ((await listed.json()) as { templates: PlatformTemplate[] }).templates.find((t) => t.gated);
  if (!gated) throw new Error('the catalogue needs a gated platform image template');

  const created = await request.post('/api/tenant-claims', {
    headers: { 'X-API-Key': seller.apiKey },
    data: { template_ids: [gated.id], credits },
  });
  expect(created.status()).toBe(200);
  const { code } = (await created.json()) as { code: string };

  const email = `buyer-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.cn`;
  const redeemed = await request.post('/api/social-claims', { data: { code, nickname: '小林', email } });
  expect(redeemed.status()).toBe(200);
  const answer = (await redeemed.json()) as { sign_in: { email: string; password: string }; api_key: string };
  return { gated, email: answer.sign_in.email, password: answer.sign_in.password, apiKey: answer.api_key };
}
