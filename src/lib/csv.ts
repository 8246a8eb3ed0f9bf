/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote, line break or edge space, quotes
 * doubled. Text a spreadsheet would run as a formula (starting `=`, `+`, `-`, `@`, tab or carriage
 * return: a member's name, an error text) is prefixed with `'` (OWASP, CSV injection).
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file's text: UTF-8 with a byte-order mark (so spreadsheets read Chinese names right), CRLF
 * line ends, the header row first; shared by the server's exports and the console's.
 */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header.map(csvField).join(','), ...rows.map((r) => r.map(csvField).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
