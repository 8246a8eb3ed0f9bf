import { type UsageReport, USAGE_CSV_COLUMNS, usageCsvRows } from '@/server/domain/usage/report';
import { csvText } from '@/lib/csv';
import { MEMBER_JIE, MEMBER_LIN } from './common';
import type { OperationExample } from './types';

/** November at 0.15 yuan a credit: 小林 and 阿杰 through their member keys, the rest with the tenant key. */
const BY_MEMBER: UsageReport = {
  ok: true,
  timezone: 'Asia/Shanghai',
  from: '2026-11-01',
  to: '2026-11-30',
  days: 30,
  group_by: 'member',
  account_id: null,
  credit_cny: 0.15,
  generated_at: '2026-11-30T09:12:44.000Z',
  rows: [
    { key: MEMBER_LIN.account_id, label: MEMBER_LIN.nickname, calls: 212, credits: 1480, cny: 222 },
    { key: 'tenant', label: null, calls: 96, credits: 640, cny: 96 },
    { key: MEMBER_JIE.account_id, label: MEMBER_JIE.nickname, calls: 41, credits: 118, cny: 17.7 },
  ],
  totals: { calls: 349, credits: 2238, cny: 335.7 },
};

const LIN_BY_CATEGORY: UsageReport = {
  ...BY_MEMBER,
  from: '2026-11-10',
  to: '2026-11-16',
  days: 7,
  group_by: 'category',
  account_id: MEMBER_LIN.account_id,
  rows: [
    { key: 'image', label: null, calls: 38, credits: 152, cny: 22.8 },
    { key: 'chat', label: null, calls: 27, credits: 31, cny: 4.65 },
  ],
  totals: { calls: 65, credits: 183, cny: 27.45 },
};

/** Worked examples of the sliced usage report and its CSV. */
export const usageReportExamples: Record<string, OperationExample> = {
  'GET /tenant-usage/report': {
    query: { from: '2026-11-01', to: '2026-11-30', group_by: 'member' },
    response: BY_MEMBER,
  },
  'GET /tenant-usage/report/export': {
    query: { from: '2026-11-10', to: '2026-11-16', group_by: 'category', account_id: MEMBER_LIN.account_id },
    response: {
      ok: true,
      filename: 'usage-category-2026-11-10_2026-11-16.csv',
      content: csvText(USAGE_CSV_COLUMNS, usageCsvRows(LIN_BY_CATEGORY)),
    },
  },
};
