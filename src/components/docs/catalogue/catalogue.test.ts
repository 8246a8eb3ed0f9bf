import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '@/server/api/openapi';
import { groupByTag } from '../openapi-model';
import { englishCatalogue, referenceTexts, translateDocument } from './texts';
import { zhCatalogue } from './zh-cn';

const doc = openApiDocument('http://localhost');
const texts = referenceTexts(doc);
const zh = new Map(Object.values(zhCatalogue).flatMap((file) => Object.entries(file)));
const codeSpans = (text: string) => [...new Set(text.match(/`[^`]+`/g) ?? [])].sort();

describe('the API reference in Chinese', () => {
  it('has a Chinese text for every group, operation title and description, field, parameter and error of the document', () => {
    const missing = texts.filter((t) => !zh.get(t.key)?.trim()).map((t) => `${t.group}/${t.key}: ${t.english}`);
    expect(missing, 'add these to messages/api-docs/zh-CN/<group>.json').toEqual([]);
  });

  it('keeps no translation of a text the document no longer has (a changed English sentence needs its Chinese redone)', () => {
    const keys = new Set(texts.map((t) => t.key));
    expect([...zh.keys()].filter((k) => !keys.has(k))).toEqual([]);
  });

  it('files each Chinese text beside its English, one file per group page', () => {
    for (const text of texts) expect(zhCatalogue[text.group]?.[text.key], `${text.group}/${text.key}`).toBeDefined();
  });

  it('keeps code identifiers, paths and values as the English writes them', () => {
    const changed = texts.filter(
      (t) => JSON.stringify(codeSpans(t.english)) !== JSON.stringify(codeSpans(zh.get(t.key) ?? '')),
    );
    expect(changed.map((t) => `${t.key}: ${codeSpans(t.english).join(' ')}`)).toEqual([]);
  });

  it('writes prose in Chinese: every text with English words has Chinese characters', () => {
    const prose = texts.filter((t) => /[a-z]{3,} [a-z]{3,}/i.test(t.english.replace(/`[^`]+`/g, '')));
    expect(prose.filter((t) => !/\p{Script=Han}/u.test(zh.get(t.key) ?? '')).map((t) => t.key)).toEqual([]);
  });

  it('translates the document for the page while the served document stays English', () => {
    const translated = translateDocument(doc, zh);
    const groups = groupByTag(translated);
    const generate = groups.flatMap((g) => g.endpoints).find((e) => e.op.operationId === 'jobs-generate');
    expect(generate?.op.summary).toBe('生成图片（异步）');
    expect(openApiDocument('http://localhost').paths?.['/generate']?.post?.summary).toBe(
      'Generate an image (asynchronous)',
    );
    // Tags name the group pages: they stay English in every language.
    expect(groups.map((g) => g.name)).toEqual(groupByTag(doc).map((g) => g.name));
  });
});

describe('the English catalogue of the API reference', () => {
  it('is current with the document (npx tsx scripts/api-docs-catalogue.ts)', () => {
    const dir = path.join(import.meta.dirname, '../../../../messages/api-docs/en');
    const files = englishCatalogue(doc);
    expect(readdirSync(dir).sort()).toEqual(
      Object.keys(files)
        .map((f) => `${f}.json`)
        .sort(),
    );
    for (const [file, entries] of Object.entries(files))
      expect(JSON.parse(readFileSync(path.join(dir, `${file}.json`), 'utf8')), file).toEqual(entries);
  });
});
