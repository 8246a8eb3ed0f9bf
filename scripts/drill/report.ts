import type { Row } from './types';

/** The drills' table (one row per drill, pass or FAIL) and each drill's notes, as `npm run drill` prints them. */
export function printRows(rows: Row[]): void {
  const head = [
    'drill',
    'requests',
    'gave up',
    'jobs',
    'lost',
    'double-charged',
    'max pending s',
    'p95 ms in fault',
    'result',
  ];
  const cells = rows.map((r) =>
    [
      r.drill,
      r.requests,
      r.failed,
      r.jobs,
      r.lost,
      r.doubleCharged,
      r.maxPendingS,
      r.p95Ms ?? '—',
      r.ok ? 'pass' : 'FAIL',
    ].map(String),
  );
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => (c[i] ?? '').length)));
  const line = (c: string[]) =>
    '| ' + c.map((v, i) => (i === 0 ? v.padEnd(widths[i] ?? 0) : v.padStart(widths[i] ?? 0))).join(' | ') + ' |';
  console.log(
    ['', line(head), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...cells.map(line)].join('\n'),
  );
  for (const r of rows) console.log(`  ${r.drill}: ${r.notes.join('; ')}`);
}
