import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zh from '../../messages/zh-CN.json';
import { LEDGER_NOTE_KEYS, ledgerNoteText } from './ledger-notes';

/** Every .ts file under a folder, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [p] : [];
  });
}

describe('ledger notes in the reader language', () => {
  it('reads the notes Studio writes, with their values', () => {
    expect(ledgerNoteText('5 s video')).toEqual({ key: 'video', values: { seconds: 5 } });
    expect(ledgerNoteText('4 images')).toEqual({ key: 'images', values: { count: 4 } });
    expect(ledgerNoteText('chat: 9 prompt + 49 completion tokens')).toEqual({
      key: 'chatTokens',
      values: { prompt: 9, completion: 49 },
    });
    expect(ledgerNoteText('chat (the stream broke off): 120 prompt + 7 completion tokens')?.key).toBe(
      'chatTokensBroken',
    );
    expect(ledgerNoteText('chat (the caller left): 1 prompt + 0 completion tokens')?.key).toBe('chatTokensLeft');
    expect(ledgerNoteText('article xiaohongshu-note')).toEqual({
      key: 'article',
      values: { template: 'xiaohongshu-note' },
    });
    expect(ledgerNoteText('article not written')?.key).toBe('articleRefund');
    expect(ledgerNoteText('claim batch disabled: 12 unredeemed codes')).toEqual({
      key: 'claimBatchDisabled',
      values: { count: 12 },
    });
  });

  it('leaves a note an operator typed as it is', () => {
    expect(ledgerNoteText('淘宝订单 3861207745')).toBeNull();
    expect(ledgerNoteText('opening credits for the spring sale')).toBeNull();
  });

  it('knows every fixed note written in src/server/domain', () => {
    const written = new Set<string>();
    for (const file of sources(path.resolve(__dirname, '../server/domain'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bnote: '([^']+)'/g)) if (m[1]) written.add(m[1]);
      for (const m of text.matchAll(/'((?:cancelled|failed) [a-z]+)'/g)) if (m[1]) written.add(m[1]);
      // A ledger note with values (`… ${n} …`), read with a number in each value's place.
      for (const m of text.matchAll(/moveCredits\([^;]*?\bnote: `([^`]+)`/gs))
        if (m[1]) written.add(m[1].replace(/\$\{[^}]+\}/g, '3'));
    }
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((note) => ledgerNoteText(note) === null)).toEqual([]);
  });

  it('has a text for each note in both languages', () => {
    const zhNotes = zh.ledgerNotes as Record<string, string>;
    const enNotes = en.ledgerNotes as Record<string, string>;
    for (const key of LEDGER_NOTE_KEYS) {
      expect(zhNotes[key], key).toBeTruthy();
      expect(enNotes[key], key).toBeTruthy();
    }
  });
});
