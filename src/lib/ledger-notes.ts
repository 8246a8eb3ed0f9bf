/**
 * The notes Studio itself writes on ledger rows (`domain/` charges and refunds), read back as a
 * catalogue key and its values so the console shows them in the reader's language. The API keeps the
 * English note as written; a note an operator typed (an adjustment's reason) matches no rule and is
 * shown as typed.
 */

export type LedgerNoteKey =
  | 'openingCredits'
  | 'images'
  | 'failedImage'
  | 'video'
  | 'failedVideo'
  | 'cancelledVideo'
  | 'reading'
  | 'readingRefund'
  | 'articleRefund'
  | 'article'
  | 'claimRedeemed'
  | 'claimDisabled'
  | 'claimBatchDisabled'
  | 'streamBrokeOff'
  | 'callerLeft'
  | 'imageTemplate'
  | 'imageTemplateRefund'
  | 'imageTemplateFailed'
  | 'layersRefund'
  | 'chatTokens'
  | 'chatTokensBroken'
  | 'chatTokensLeft';

export interface LedgerNoteText {
  key: LedgerNoteKey;
  values: Record<string, string | number>;
}

const TOKENS = String.raw`(\d+) prompt \+ (\d+) completion tokens`;

/** Each rule: the note's shape and the names of its captured values, in order. The first match wins. */
const RULES: readonly [RegExp, LedgerNoteKey, readonly string[]][] = [
  [/^opening credits$/, 'openingCredits', []],
  [/^(\d+) images$/, 'images', ['count']],
  [/^failed job$/, 'failedImage', []],
  [/^(\d+) s video$/, 'video', ['seconds']],
  [/^failed video$/, 'failedVideo', []],
  [/^cancelled video$/, 'cancelledVideo', []],
  [/^image reading$/, 'reading', []],
  [/^image not read$/, 'readingRefund', []],
  [/^article not written$/, 'articleRefund', []],
  [/^article (\S+)$/, 'article', ['template']],
  [/^claim code redeemed$/, 'claimRedeemed', []],
  [/^claim code disabled unredeemed$/, 'claimDisabled', []],
  [/^claim batch disabled: (\d+) unredeemed codes$/, 'claimBatchDisabled', ['count']],
  // How a chat call ended early, as its row of the call log says.
  [/^the stream broke off$/, 'streamBrokeOff', []],
  [/^the caller left$/, 'callerLeft', []],
  [/^image to template$/, 'imageTemplate', []],
  [/^image not converted$/, 'imageTemplateRefund', []],
  [/^image to template failed$/, 'imageTemplateFailed', []],
  [/^text layers not read$/, 'layersRefund', []],
  [new RegExp(`^chat: ${TOKENS}$`), 'chatTokens', ['prompt', 'completion']],
  [new RegExp(`^chat \\(the stream broke off\\): ${TOKENS}$`), 'chatTokensBroken', ['prompt', 'completion']],
  [new RegExp(`^chat \\(the caller left\\): ${TOKENS}$`), 'chatTokensLeft', ['prompt', 'completion']],
];

export const LEDGER_NOTE_KEYS: readonly LedgerNoteKey[] = RULES.map(([, key]) => key);

/** A note Studio wrote, as a catalogue key with its values; null for anything else (shown as written). */
export function ledgerNoteText(note: string): LedgerNoteText | null {
  for (const [pattern, key, names] of RULES) {
    const m = pattern.exec(note);
    if (!m) continue;
    const values: Record<string, string | number> = {};
    names.forEach((name, i) => {
      const raw = m[i + 1] ?? '';
      values[name] = /^\d+$/.test(raw) ? Number(raw) : raw;
    });
    return { key, values };
  }
  return null;
}
