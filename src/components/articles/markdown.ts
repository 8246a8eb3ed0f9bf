/**
 * A small reader for the light markdown chat models put in copy (WeChat bodies especially):
 * `#` headings, `-`/`*`/`•` and numbered lists, `>` quotes, `---` rules and `**bold**`.
 * It produces plain data that the page renders as React elements, so no HTML from a model ever
 * reaches the document. Anything else is text, with its line breaks kept.
 */

export type Inline = { text: string; strong?: boolean };

export type Block =
  | { type: 'heading'; level: 1 | 2 | 3; content: Inline[] }
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { type: 'quote'; lines: Inline[][] }
  | { type: 'rule' };

const HEADING = /^(#{1,6})[ \t\u3000]+(.+?)[ \t]*#*[ \t]*$/;
const BULLET = /^[ \t]*[-*•·][ \t\u3000]+(.*)$/;
// "1. ", "1、", "1)" or "1）": a full stop needs a space after it, so "3.5 倍" stays text.
const NUMBERED = /^[ \t]*(\d{1,3})(?:\.[ \t\u3000]+|[、)）][ \t\u3000]*)(.*)$/;
const QUOTE = /^[ \t]*>[ \t]?(.*)$/;
const RULE = /^[ \t]*(?:-{3,}|\*{3,}|_{3,})[ \t]*$/;

/** Splits `**bold**` runs out of a line; an unpaired `**` stays as written. */
export function parseInline(line: string): Inline[] {
  const out: Inline[] = [];
  const re = /\*\*(?=\S)(.+?)(?<=\S)\*\*/g;
  let last = 0;
  for (const m of line.matchAll(re)) {
    const at = m.index ?? 0;
    if (at > last) out.push({ text: line.slice(last, at) });
    out.push({ text: m[1] ?? '', strong: true });
    last = at + m[0].length;
  }
  if (last < line.length) out.push({ text: line.slice(last) });
  return out.length > 0 ? out : [{ text: '' }];
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ type: 'paragraph', lines: paragraph.map(parseInline) });
    paragraph = [];
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading?.[1] && heading[2]) {
      flush();
      const level = Math.min(heading[1].length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, content: parseInline(heading[2]) });
      continue;
    }
    if (RULE.test(line)) {
      flush();
      blocks.push({ type: 'rule' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flush();
      const ordered = !!numbered;
      const pattern = ordered ? NUMBERED : BULLET;
      const items: Inline[][] = [];
      const start = numbered ? Number(numbered[1]) : 1;
      let j = i;
      for (; j < lines.length; j++) {
        const m = pattern.exec(lines[j] ?? '');
        if (!m) break;
        items.push(parseInline((ordered ? m[2] : m[1]) ?? ''));
      }
      blocks.push({ type: 'list', ordered, start, items });
      i = j - 1;
      continue;
    }
    const quote = QUOTE.exec(line);
    if (quote) {
      flush();
      const quoted: Inline[][] = [];
      let j = i;
      for (; j < lines.length; j++) {
        const m = QUOTE.exec(lines[j] ?? '');
        if (!m) break;
        quoted.push(parseInline(m[1] ?? ''));
      }
      blocks.push({ type: 'quote', lines: quoted });
      i = j - 1;
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
