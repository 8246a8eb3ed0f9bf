import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { englishCatalogue } from '@/components/docs/catalogue/texts';
import { openApiDocument } from '@/server/api/openapi';

/**
 * Writes the English side of the API reference's catalogues, `messages/api-docs/en/<group>.json`: every text
 * of the OpenAPI document by its key, one file per group page. `--check` only says whether they are current.
 * Translations live beside them (`messages/api-docs/zh-CN/<group>.json`, same keys).
 */
const dir = path.join(import.meta.dirname, '..', 'messages', 'api-docs', 'en');
const files = englishCatalogue(openApiDocument('http://localhost'));
const wanted = new Map(
  Object.entries(files).map(([name, texts]) => [`${name}.json`, `${JSON.stringify(texts, null, 2)}\n`]),
);

if (process.argv.includes('--check')) {
  const present = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const stale = [
    ...[...wanted].filter(
      ([file, text]) => !present.includes(file) || readFileSync(path.join(dir, file), 'utf8') !== text,
    ),
    ...present.filter((f) => !wanted.has(f)).map((f) => [f, '']),
  ].map(([file]) => file);
  if (stale.length > 0) {
    console.error(
      `The API reference's English catalogue is stale (${stale.join(', ')}): run npx tsx scripts/api-docs-catalogue.ts`,
    );
    process.exit(1);
  }
} else {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [file, text] of wanted) writeFileSync(path.join(dir, file), text);
  console.log(`${wanted.size} files, ${Object.values(files).reduce((n, f) => n + Object.keys(f).length, 0)} texts`);
}
