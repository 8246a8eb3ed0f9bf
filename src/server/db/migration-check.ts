/**
 * Expand and contract: during a rolling upgrade the previous release's web and worker processes run
 * against the new release's schema, so a migration may only add what old code ignores. A statement
 * that would break the previous release's code (dropping or renaming a table or column, changing a
 * column's type, making a column NOT NULL, adding a NOT NULL column without a default, which the old
 * code's inserts leave out) is refused unless the line before it says why the previous release no longer
 * uses what it changes: `-- contract: <why>` (the "contract" step of a change whose "expand" step shipped
 * in an earlier release). `npm run lint:migrations` runs this over `drizzle/*.sql` in CI.
 */

export interface MigrationFinding {
  file: string;
  /** 1-based line of the statement's start. */
  line: number;
  rule: string;
  statement: string;
}

const RULES: { rule: string; test: RegExp }[] = [
  { rule: 'drops a table', test: /\bDROP\s+TABLE\b/i },
  { rule: 'drops a column', test: /\bDROP\s+COLUMN\b/i },
  { rule: 'renames a table or column', test: /\bRENAME\b/i },
  { rule: "changes a column's type", test: /\bALTER\s+COLUMN\s+\S+\s+(SET\s+DATA\s+)?TYPE\b/i },
  { rule: 'makes a column NOT NULL', test: /\bSET\s+NOT\s+NULL\b/i },
  {
    rule: 'adds a NOT NULL column without a default',
    test: /\bADD\s+COLUMN\b(?![^;]*\bDEFAULT\b)[^;]*\bNOT\s+NULL\b/i,
  },
];

const CONTRACT = /--\s*contract:\s*\S/i;

/** The statements of one migration file that break the previous release and carry no contract note. */
export function checkMigration(file: string, sql: string): MigrationFinding[] {
  const findings: MigrationFinding[] = [];
  // drizzle-kit separates statements with `--> statement-breakpoint`; a statement may span lines, and the
  // comment lines just before it (after the previous statement) are its notes.
  let start = 0;
  let text = '';
  let notes = '';
  const flush = () => {
    const statement = text.trim();
    if (statement) {
      const rule = RULES.find((r) => r.test.test(statement.replace(/--[^\n]*/g, '')));
      if (rule && !CONTRACT.test(notes + statement))
        findings.push({ file, line: start + 1, rule: rule.rule, statement: statement.split('\n')[0] ?? '' });
    }
    text = '';
    notes = '';
  };
  sql.split('\n').forEach((line, i) => {
    const cut = line.indexOf('--> statement-breakpoint');
    const body = cut >= 0 ? line.slice(0, cut) : line;
    if (text === '' && /^\s*--/.test(body)) notes += body + '\n';
    else if (body.trim() !== '' || text !== '') {
      if (text === '') start = i;
      text += body + '\n';
    }
    if (cut >= 0) flush();
  });
  flush();
  return findings;
}
