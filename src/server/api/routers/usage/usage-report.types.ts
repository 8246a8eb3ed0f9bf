import { z } from 'zod';
import { USAGE_REPORT_MAX_DAYS, usageGroupings, usageReportFilters } from '@/contracts/usage';
import { route } from '@/server/api/meta';
import { MEMBER_OTHERS_USAGE, TENANT_ROW_KEY, USAGE_CSV_COLUMNS } from '@/server/domain/usage/report';

export const usageReportInput = usageReportFilters;

const figures = {
  calls: z.number().int().meta({ description: 'Calls charged in the range' }),
  credits: z.number().int().meta({ description: 'Credits consumed: charges minus refunds' }),
  cny: z.number().meta({ description: 'What these credits cost in CNY at your markup (never added to credits)' }),
};

export const usageReportOutput = z.object({
  ok: z.literal(true),
  timezone: z.literal('Asia/Shanghai').meta({ description: 'The time zone of the days: always Asia/Shanghai' }),
  from: z.string().meta({ description: 'First day of the range, YYYY-MM-DD (defaults applied)' }),
  to: z.string().meta({ description: 'Last day of the range, YYYY-MM-DD (defaults applied)' }),
  days: z.number().int().meta({ description: 'Days in the range, both ends included' }),
  group_by: z.enum(usageGroupings).meta({ description: 'What the rows are: category, member or model' }),
  account_id: z
    .string()
    .nullable()
    .meta({ description: 'The member the report is narrowed to (a member key: always itself); null: everyone' }),
  credit_cny: z.number().meta({ description: 'CNY one credit costs you (list price × your markup)' }),
  generated_at: z.string().meta({ description: 'When the report was made (ISO 8601)' }),
  rows: z
    .array(
      z.object({
        key: z.string().meta({
          description:
            `The category (image, video, chat, article, reverse, other), the member’s account id ` +
            `(\`${TENANT_ROW_KEY}\`: the tenant key and console sessions) or the model family or tier (\`auto\`: none named)`,
        }),
        label: z.string().nullable().meta({ description: 'The member’s nickname when grouped by member; else null' }),
        ...figures,
      }),
    )
    .meta({ description: 'One row per group with any use in the range, most credits first' }),
  totals: z.object(figures).meta({ description: 'The whole range: the rows added up (CNY from the total credits)' }),
});

const RANGE_TEXT =
  `\`from\`/\`to\` are Asia/Shanghai calendar days, both included (a day runs 00:00-24:00 +08:00); ` +
  `defaults: \`to\` today, \`from\` 29 days before \`to\`. \`from\` after \`to\`, a range over ` +
  `${USAGE_REPORT_MAX_DAYS} days or a day that is not a real date answer 400 naming the field. `;
const WHO_TEXT =
  'A tenant key (or console session) reads every member and may narrow to one with `account_id`; a member ' +
  'key reads only what it spent itself (another member’s `account_id` answers 403). ';

export const usageReportMeta = route('GET /tenant-usage/report', 'Usage', 'Usage over a date range, grouped', {
  description:
    RANGE_TEXT +
    WHO_TEXT +
    'Rows per `group_by`: `category`, `member` or `model` (the family or tier asked for or answered; never an ' +
    'upstream or provider). Credits are charges minus refunds from the ledger; `cny` is the same credits in ' +
    'yuan at your markup, in its own field, never added to credits.',
  errors: [MEMBER_OTHERS_USAGE],
});

export const exportUsageReportOutput = z.object({
  ok: z.literal(true),
  filename: z.string().meta({ description: 'The file’s name, usage-<group_by>-<from>_<to>.csv' }),
  content: z.string().meta({ description: 'The CSV text' }),
});

export const exportUsageReportMeta = route('GET /tenant-usage/report/export', 'Usage', 'Usage over a range as CSV', {
  file: 'text/csv',
  description:
    'The table of `GET /api/tenant-usage/report` for the same query as a CSV file (UTF-8 with a byte-order ' +
    "mark, CRLF, RFC 4180 quoting; text a spreadsheet would run as a formula starts with `'`). Columns: " +
    `${USAGE_CSV_COLUMNS.join(', ')}; the last row, key \`total\`, adds them up; \`cny\` has two decimals. ` +
    RANGE_TEXT +
    WHO_TEXT,
  errors: [MEMBER_OTHERS_USAGE],
});
