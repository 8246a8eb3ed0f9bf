import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import zh from '../../messages/zh-CN.json';
import { errorClasses } from '@/server/upstreams/types';
import { locales } from './locales';

type Catalogue = { [key: string]: string | Catalogue };

const catalogues: Record<(typeof locales)[number], Catalogue> = { 'zh-CN': zh, en };

/** Every message of a catalogue by its dotted path, `login.errors.incorrect`; a value that is neither text nor a namespace is listed as such. */
function leaves(catalogue: Catalogue, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object' && !Array.isArray(value))
      for (const [p, v] of leaves(value, path)) out.set(p, v);
    else out.set(path, `<not a message: ${JSON.stringify(value)}>`);
  }
  return out;
}

/** The paths one catalogue has and the other lacks, each way. */
function differences(a: Catalogue, b: Catalogue): { onlyInFirst: string[]; onlyInSecond: string[] } {
  const [left, right] = [leaves(a), leaves(b)];
  return {
    onlyInFirst: [...left.keys()].filter((k) => !right.has(k)),
    onlyInSecond: [...right.keys()].filter((k) => !left.has(k)),
  };
}

/** The arguments and tags a message uses (`{name}`, `{count, plural, …}`, `<link>`), nested ones included. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(el.type === TYPE.tag ? `<${el.value}>` : `{${el.value}}`);
    if (el.type === TYPE.tag) placeholders(el.children, into);
    if (el.type === TYPE.plural || el.type === TYPE.select)
      for (const option of Object.values(el.options)) placeholders(option.value, into);
  }
  return into;
}

/** The parse error of every message that is not valid ICU, as `path: error`. */
function unparsable(catalogue: Catalogue): string[] {
  const errors: string[] = [];
  for (const [path, message] of leaves(catalogue)) {
    try {
      parse(message);
    } catch (err) {
      errors.push(`${path}: ${err instanceof Error ? err.message : String(err)} in ${JSON.stringify(message)}`);
    }
  }
  return errors;
}

describe('message catalogues', () => {
  it('have the same keys in every language', () => {
    for (const locale of locales) {
      if (locale === 'en') continue;
      const { onlyInFirst, onlyInSecond } = differences(catalogues.en, catalogues[locale]);
      expect(
        onlyInFirst,
        `in messages/en.json but missing from messages/${locale}.json:\n  ${onlyInFirst.join('\n  ')}`,
      ).toEqual([]);
      expect(
        onlyInSecond,
        `in messages/${locale}.json but missing from messages/en.json:\n  ${onlyInSecond.join('\n  ')}`,
      ).toEqual([]);
    }
  });

  it('names a nested key missing on either side by its full path', () => {
    const a = { shell: { nav: { jobs: 'Jobs', usage: 'Usage' } }, only: 'x' };
    const b = { shell: { nav: { jobs: '任务' }, extra: { deep: '多' } } };
    expect(differences(a, b)).toEqual({ onlyInFirst: ['shell.nav.usage', 'only'], onlyInSecond: ['shell.extra.deep'] });
  });

  it.each(locales)('parse as ICU messages (%s)', (locale) => {
    const errors = unparsable(catalogues[locale]);
    expect(errors, `messages/${locale}.json has messages that do not parse:\n  ${errors.join('\n  ')}`).toEqual([]);
  });

  it('reports a message that does not parse', () => {
    expect(
      unparsable({ ok: '{n, plural, one {# item} other {# items}}', broken: { plural: '{n, plural, one {# item}' } }),
    ).toEqual([expect.stringMatching(/^broken\.plural: /)]);
  });

  it('use the same arguments and tags in every language', () => {
    const english = leaves(catalogues.en);
    const mismatched: string[] = [];
    for (const locale of locales) {
      for (const [path, message] of leaves(catalogues[locale])) {
        const other = english.get(path);
        if (other === undefined) continue;
        const [mine, theirs] = [placeholders(parse(message)), placeholders(parse(other))];
        // A language without plural forms still names the count where another inflects on it: `{n, plural, other {积分}}`.
        const missing = [...theirs].filter((p) => !mine.has(p));
        const extra = [...mine].filter((p) => !theirs.has(p));
        if (missing.length || extra.length)
          mismatched.push(`${locale} ${path}: missing ${missing.join(' ') || '-'}, extra ${extra.join(' ') || '-'}`);
      }
    }
    expect(mismatched, mismatched.join('\n')).toEqual([]);
  });

  it('explains every class of upstream failure a channel test can report, in both languages', () => {
    for (const catalogue of Object.values(catalogues)) {
      const messages = leaves(catalogue);
      expect(errorClasses.filter((cls) => !messages.has(`operatorUpstreams.test.classes.${cls}`))).toEqual([]);
    }
  });
});

describe('one word per concept in Chinese', () => {
  // A claim code is 领取码 and redeeming it 领取; an upstream channel is 通道. The console's catalogue and the
  // API reference's Chinese catalogues say so everywhere, so a reader never meets two words for one thing.
  const zhReference = import.meta.glob<{ default: Record<string, string> }>('../../messages/api-docs/zh-CN/*.json', {
    eager: true,
  });
  const texts = [
    ...[...leaves(zh)].map(([path, text]) => [`messages/zh-CN.json ${path}`, text] as const),
    ...Object.entries(zhReference).flatMap(([file, { default: catalogue }]) =>
      Object.entries(catalogue).map(([key, text]) => [`${file} ${key}`, text] as const),
    ),
  ];

  it.each([
    ['兑换', '领取'],
    ['渠道', '通道'],
  ])('never %s (the word is %s)', (banned) => {
    expect(texts.length).toBeGreaterThan(1000);
    expect(texts.filter(([, text]) => text.includes(banned)).map(([where]) => where)).toEqual([]);
  });
});
