import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../messages/en.json';
import { DOCS_CLIENT_MESSAGES, pickMessages, ROOT_CLIENT_MESSAGES } from './client-messages';

const SRC = path.resolve(import.meta.dirname, '..');

function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@/')
    ? path.join(SRC, spec.slice(2))
    : spec.startsWith('.')
      ? path.resolve(path.dirname(from), spec)
      : null;
  if (!base) return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The namespaces the client components reachable from `entries` read with `useTranslations`: a module
 * is on the client when it says 'use client' or a client module imports it. A namespace that is not a
 * literal is reported as `*`, so it can never pass unnoticed.
 */
function clientNamespaces(entries: string[]): Map<string, string> {
  const found = new Map<string, string>();
  const seen = new Set<string>();
  const visit = (file: string, onClient: boolean) => {
    const key = `${file}|${onClient}`;
    if (seen.has(key)) return;
    seen.add(key);
    const source = readFileSync(file, 'utf8');
    const client = onClient || /^\s*['"]use client['"]/.test(source);
    if (client) {
      for (const call of source.matchAll(/useTranslations\(([^)]*)\)/g)) {
        const argument = call[1] ?? '';
        const literal = /^\s*'([^']+)'\s*$/.exec(argument) ?? /^\s*"([^"]+)"\s*$/.exec(argument);
        found.set(literal?.[1] ?? '*', path.relative(SRC, file));
      }
    }
    for (const imported of source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) {
      const next = imported[1] ? resolveImport(file, imported[1]) : null;
      if (next) visit(next, client);
    }
  };
  for (const entry of entries) visit(entry, false);
  return found;
}

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? routeFiles(path.join(dir, e.name))
      : /^(page|layout|not-found|error|loading)\.tsx$/.test(e.name)
        ? [path.join(dir, e.name)]
        : [],
  );
}

const covered = (namespace: string, paths: readonly string[]) =>
  paths.some((p) => namespace === p || namespace.startsWith(`${p}.`));

const ROOT_ENTRIES = ['layout.tsx', 'error.tsx', 'not-found.tsx', 'page.tsx'].map((f) => path.join(SRC, 'app', f));

describe('the messages each part of the site sends to the browser', () => {
  it.each([
    ['every page (the root layout, error and not-found pages)', ROOT_ENTRIES, ROOT_CLIENT_MESSAGES],
    ['the API reference', [...ROOT_ENTRIES, ...routeFiles(path.join(SRC, 'app', 'docs'))], DOCS_CLIENT_MESSAGES],
  ])('%s: every namespace a client component reads is sent', (_, entries, paths) => {
    const namespaces = clientNamespaces(entries);
    expect(namespaces.size).toBeGreaterThan(0);
    const missing = [...namespaces].filter(([ns]) => !covered(ns, paths)).map(([ns, file]) => `${ns} (${file})`);
    expect(missing).toEqual([]);
  });

  it('the walk finds a client component two imports below a page', () => {
    // docs-search.tsx is a client component imported by the docs shell, not by the page itself.
    const namespaces = clientNamespaces(routeFiles(path.join(SRC, 'app', 'docs')));
    expect(namespaces.get('docs.search')).toBe('components/docs/docs-search.tsx');
  });

  it('the API reference sends a small part of the catalogue', () => {
    const picked = JSON.stringify(pickMessages(en, DOCS_CLIENT_MESSAGES));
    expect(picked.length).toBeLessThan(JSON.stringify(en).length / 20);
  });
});

describe('pickMessages', () => {
  const messages = { a: { b: 'B', c: { d: 'D' } }, e: 'E', f: { g: 'G' } };
  it('keeps whole namespaces and dotted parts with their nesting', () => {
    expect(pickMessages(messages, ['e', 'a.c'])).toEqual({ e: 'E', a: { c: { d: 'D' } } });
    expect(pickMessages(messages, ['a.b', 'a.c.d', 'f'])).toEqual({ a: { b: 'B', c: { d: 'D' } }, f: { g: 'G' } });
  });
  it('skips paths the catalogue lacks', () => {
    expect(pickMessages(messages, ['x', 'a.x', 'e.x'])).toEqual({});
  });
});
