import type { AbstractIntlMessages } from 'next-intl';

/**
 * Which parts of the catalogue a page's client components read. Every page's HTML carries the messages
 * its client provider holds, so a page that needs a handful of texts should not ship the whole catalogue
 * (about 135 KB in English). A path is a top-level namespace (`docs`) or a dotted part of one
 * (`apiDocs.tryIt`). `client-messages.test.ts` walks each page's imports and fails when a client
 * component reads a namespace its page's list leaves out.
 */

/** What every page's client components may need: the error boundary, the language switch, copy buttons. */
export const ROOT_CLIENT_MESSAGES = ['errors', 'language', 'copy'] as const;

/** The API reference (`/docs`): its search, field and error tables, example calls, "try it" and method badges. */
export const DOCS_CLIENT_MESSAGES = [
  ...ROOT_CLIENT_MESSAGES,
  'docs',
  'apiDocs.tryIt',
  'apiDocs.examples',
  'apiDocs.errors',
] as const;

/** The parts of `messages` the paths name, keeping their nesting; a path the catalogue lacks is skipped. */
export function pickMessages(messages: AbstractIntlMessages, paths: readonly string[]): AbstractIntlMessages {
  const picked: AbstractIntlMessages = {};
  for (const dotted of paths) {
    const keys = dotted.split('.');
    let value: AbstractIntlMessages[string] | undefined = messages;
    for (const key of keys) value = typeof value === 'object' ? value[key] : undefined;
    if (value === undefined) continue;
    let into = picked;
    for (const key of keys.slice(0, -1)) {
      const next = into[key];
      into = typeof next === 'object' ? next : (into[key] = {});
    }
    into[keys.at(-1) ?? dotted] = value;
  }
  return picked;
}
