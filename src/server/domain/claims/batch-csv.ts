/** The CSV export of a claim batch: one row per code, for a spreadsheet or a shop's bulk upload. */
import type { ClaimState } from '@/contracts/claims';

/** Excel reads a CSV as the system's code page unless it starts with a UTF-8 byte order mark. */
export const BOM = '\uFEFF';

export const CSV_COLUMNS = ['code', 'link', 'credits', 'state', 'redeemed_by', 'redeemed_at'] as const;

export interface CsvCode {
  code: string;
  link: string;
  credits: number;
  state: ClaimState;
  /** Nickname and e-mail of the buyer, when redeemed. */
  redeemedBy: { nickname: string; email: string } | null;
  redeemedAt: Date | null;
}

const shanghai = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `2026-11-28 20:05:00` in Asia/Shanghai, the seller's clock. */
export const shanghaiTime = (at: Date) => shanghai.format(at);

/**
 * One field: quoted when it holds a comma, quote or line break (quotes doubled, RFC 4180); text a
 * buyer typed that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) is led by `'`.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte order mark, a header row and one CRLF-ended row per code. */
export function batchCsv(codes: CsvCode[]): string {
  const lines = [
    CSV_COLUMNS.join(','),
    ...codes.map((c) =>
      [
        c.code,
        c.link,
        c.credits,
        c.state,
        c.redeemedBy ? `${c.redeemedBy.nickname} <${c.redeemedBy.email}>` : '',
        c.redeemedAt ? shanghaiTime(c.redeemedAt) : '',
      ]
        .map(csvField)
        .join(','),
    ),
  ];
  return `${BOM}${lines.map((l) => `${l}\r\n`).join('')}`;
}
