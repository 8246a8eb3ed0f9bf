import { describe, expect, it } from 'vitest';
import { csvText } from '@/lib/csv';
import { PLATFORM_CSV_COLUMNS, platformCsvRows, type PlatformUsage } from './model';

describe('the operator usage CSV', () => {
  it('has a row per tenant and per channel, credits and money in columns of their own', () => {
    const bucket = { image: 10, video: 0, chat: 0, reverse: 0, other: 0, article: 0, total: 10 };
    const report = {
      from: '2026-11-01',
      to: '2026-11-30',
      tenants: [{ id: 't', name: '=星河', totals: bucket, charged_cny: 1, billed_usd: 0.2, provider_cost_usd: 0.04 }],
      channels: [
        {
          channel: 'fast, cheap',
          provider: 'acme',
          jobs: 1,
          attempts: 1,
          failures: 0,
          failure_rate: 0,
          provider_cost_usd: 0,
          billed_credits: 10,
          billed_cny: 1,
          billed_usd: 0.2,
          markup: null,
        },
      ],
    } as unknown as PlatformUsage;
    expect(csvText(PLATFORM_CSV_COLUMNS, platformCsvRows(report)).split('\r\n')).toEqual([
      '\uFEFFfrom,to,row,name,credits,billed_cny,billed_usd,provider_cost_usd,markup',
      "2026-11-01,2026-11-30,tenant,'=星河,10,1.00,0.2,0.04,5",
      '2026-11-01,2026-11-30,channel,"fast, cheap",10,1.00,0.2,0,',
      '',
    ]);
  });
});
