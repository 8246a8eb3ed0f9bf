/**
 * Vendors the part of OpenAI's OpenAPI document that the request-schema test checks against
 * (src/server/upstreams/adapters/request-schema.test.ts): the component schemas of the request
 * bodies Studio sends and every schema they reference, transitively, as JSON. `$ref`s keep their
 * `#/components/schemas/<name>` form, so they resolve inside the vendored file.
 *
 *   git clone https://github.com/openai/openai-openapi && git -C openai-openapi rev-parse HEAD
 *   npx tsx scripts/vendor-openai-openapi.ts openai-openapi/openapi.yaml --commit <that sha>
 *
 * Writes tests/fixtures/openai-openapi/schemas.json with a `_source` field naming the repository,
 * path, commit and the document's `info.version`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOTS = ['CreateImageRequest', 'CreateImageEditRequest', 'CreateChatCompletionRequest'];
const OUT = resolve(import.meta.dirname, '../tests/fixtures/openai-openapi/schemas.json');
const REF = /^#\/components\/schemas\/([^/]+)$/;

type Schemas = Record<string, unknown>;

function refsOf(value: unknown, found: Set<string>): void {
  if (Array.isArray(value)) return value.forEach((v) => refsOf(v, found));
  if (value === null || typeof value !== 'object') return;
  for (const [key, v] of Object.entries(value)) {
    if (key === '$ref') {
      const name = typeof v === 'string' ? REF.exec(v)?.[1] : undefined;
      if (!name) throw new Error(`a $ref outside #/components/schemas: ${JSON.stringify(v)}`);
      found.add(name);
    } else {
      refsOf(v, found);
    }
  }
}

/** The roots and every schema they reference, directly or not. */
function closure(schemas: Schemas, roots: readonly string[]): Schemas {
  const out: Schemas = {};
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.shift() as string;
    if (name in out) continue;
    const schema = schemas[name];
    if (schema === undefined) throw new Error(`schema ${name} is not in the document`);
    out[name] = schema;
    const found = new Set<string>();
    refsOf(schema, found);
    queue.push(...[...found].filter((n) => !(n in out)));
  }
  return Object.fromEntries(
    Object.keys(out)
      .sort()
      .map((n) => [n, out[n]]),
  );
}

function main(argv: string[]): void {
  const [file, ...rest] = argv;
  const opt = (name: string): string | undefined => {
    const i = rest.indexOf(`--${name}`);
    return i >= 0 ? rest[i + 1] : undefined;
  };
  const commit = opt('commit');
  if (!file || !commit || !/^[0-9a-f]{40}$/.test(commit)) {
    throw new Error(
      'usage: tsx scripts/vendor-openai-openapi.ts <openapi.yaml|openapi.json> --commit <40-hex sha> [--repository openai/openai-openapi] [--path openapi.yaml]',
    );
  }
  const text = readFileSync(file, 'utf8');
  const doc = (file.endsWith('.json') ? JSON.parse(text) : parse(text, { maxAliasCount: -1 })) as {
    openapi: string;
    info: { version: string };
    components: { schemas: Schemas };
  };
  const schemas = closure(doc.components.schemas, ROOTS);
  const vendored = {
    _source: {
      repository: opt('repository') ?? 'openai/openai-openapi',
      path: opt('path') ?? basename(file),
      commit,
      info_version: doc.info.version,
      openapi: doc.openapi,
      roots: ROOTS,
      command: `npx tsx scripts/vendor-openai-openapi.ts ${opt('path') ?? basename(file)} --commit ${commit}`,
    },
    components: { schemas },
  };
  writeFileSync(OUT, `${JSON.stringify(vendored, null, 2)}\n`);
  console.log(`${Object.keys(schemas).length} schemas of OpenAPI ${doc.info.version} written to ${OUT}`);
}

main(process.argv.slice(2));
