import { z } from 'zod';
import { callFilters } from '@/contracts/calls';
import { route } from '@/server/api/meta';
import { CSV_COLUMNS, EXPORT_MAX_ROWS } from '@/server/domain/calls/csv';

export const exportCallsInput = callFilters;

export const exportCallsOutput = z.object({
  ok: z.literal(true),
  filename: z.string().meta({ description: 'The file’s name, calls-<day>.csv' }),
  content: z.string().meta({ description: 'The CSV text' }),
});

export const exportCallsMeta = route('GET /calls/export', 'Usage', 'The call log as CSV', {
  file: 'text/csv',
  description:
    `The calls \`GET /api/calls\` lists for the same filters, newest first, as a CSV file (UTF-8 with a ` +
    `byte-order mark, CRLF, RFC 4180 quoting; text a spreadsheet would run as a formula starts with \`'\`). ` +
    `Columns: ${CSV_COLUMNS.join(', ')} (\`at\` in UTC, \`at_shanghai\` the same moment in Asia/Shanghai). ` +
    `At most ${EXPORT_MAX_ROWS.toLocaleString('en')} rows, the newest; narrow the days for more.`,
});
