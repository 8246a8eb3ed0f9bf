import { createHash } from 'node:crypto';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import { groupByTag, slug } from '../openapi-model';

/** The catalogue file of texts no single group owns: the introduction, the key schemes, shared schemas. */
export const GENERAL = 'general';

/** Keys of a document's JSON whose values are data (examples, defaults), never reference prose. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'const', 'enum', 'x-studio-examples']);

/** A text's catalogue key: a digest of its English, so one sentence has one translation and a changed sentence a new key. */
export function textKey(english: string): string {
  return createHash('sha1').update(english).digest('hex').slice(0, 10);
}

/** One English text of the reference, the group page it first appears on, and its key. */
export interface ReferenceText {
  key: string;
  english: string;
  group: string;
}

/**
 * Every text of the reference a reader sees: group names, operation titles and descriptions, parameter, body,
 * response and field descriptions (through `$ref`s), the introduction and the key schemes. A text belongs to
 * the first group that shows it, in the reference's order; the rest are `general`.
 */
export function referenceTexts(doc: OpenAPIObject): ReferenceText[] {
  const found = new Map<string, ReferenceText>();
  const add = (english: string | undefined, group: string) => {
    if (!english?.trim()) return;
    const key = textKey(english);
    if (!found.has(key)) found.set(key, { key, english, group });
  };
  const seenRefs = new Set<string>();
  const walk = (value: unknown, group: string) => {
    if (Array.isArray(value)) return value.forEach((v) => walk(v, group));
    if (!value || typeof value !== 'object') return;
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (DATA_KEYS.has(k)) continue;
      if ((k === 'description' || k === 'summary') && typeof v === 'string') add(v, group);
      else if (k === '$ref' && typeof v === 'string') {
        if (seenRefs.has(v)) continue;
        seenRefs.add(v);
        walk(resolvePointer(doc, v), group);
      } else walk(v, group);
    }
  };

  add(doc.info.description, GENERAL);
  walk(doc.components?.securitySchemes, GENERAL);
  walk(doc.components?.schemas?.Error, GENERAL);
  for (const group of groupByTag(doc)) {
    const file = slug(group.name);
    add(group.name, file);
    add(group.description, file);
    for (const endpoint of group.endpoints) walk(endpoint.op, file);
  }
  walk(doc.components, GENERAL);
  return [...found.values()];
}

function resolvePointer(doc: OpenAPIObject, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = doc;
  for (const part of ref.slice(2).split('/')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[decodeURIComponent(part.replace(/~1/g, '/').replace(/~0/g, '~'))];
  }
  return node;
}

/** The English texts grouped by catalogue file, as `messages/api-docs/en/<file>.json` holds them. */
export function englishCatalogue(doc: OpenAPIObject): Record<string, Record<string, string>> {
  const files: Record<string, Record<string, string>> = {};
  for (const text of referenceTexts(doc)) (files[text.group] ??= {})[text.key] = text.english;
  return files;
}

/**
 * The document with every description and summary in another language (code identifiers, paths, examples and
 * values untouched); a text without a translation stays English. Tags stay English: they name the group pages.
 */
export function translateDocument(doc: OpenAPIObject, translations: ReadonlyMap<string, string>): OpenAPIObject {
  const translate = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(translate);
    if (!value || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (DATA_KEYS.has(k)) out[k] = v;
      else if ((k === 'description' || k === 'summary') && typeof v === 'string')
        out[k] = translations.get(textKey(v)) ?? v;
      else out[k] = translate(v);
    }
    return out;
  };
  return translate(doc) as OpenAPIObject;
}
