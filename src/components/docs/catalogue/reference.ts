import 'server-only';
import type { OpenAPIObject } from 'openapi3-ts/oas31';
import type { Locale } from '@/i18n/locales';
import { openApiDocument } from '@/server/api/openapi';
import { groupByTag, slug, type TagGroup } from '../openapi-model';
import { textKey, translateDocument } from './texts';
import { zhCatalogue } from './zh-cn';

/** The reference as one language reads it: the document's texts translated, its groups with their page slugs. */
export interface Reference {
  doc: OpenAPIObject;
  groups: DocsGroup[];
  /** A text of the document (English) in this language: a group's name, say. */
  text: (english: string) => string;
}

export interface DocsGroup extends TagGroup {
  /** The group page's slug, `/docs/<slug>`: from the English name, so it is the same in every language. */
  slug: string;
  /** The name in the page's language. */
  title: string;
}

const translations: Record<Locale, ReadonlyMap<string, string> | null> = {
  en: null,
  'zh-CN': new Map(Object.values(zhCatalogue).flatMap((file) => Object.entries(file))),
};

const built = new Map<Locale, Omit<Reference, 'doc'> & { doc: OpenAPIObject }>();

/** The reference in a language, built once per process; the served `/api/openapi.json` stays English. */
export function referenceFor(locale: Locale, baseUrl: string): Reference {
  let reference = built.get(locale);
  if (!reference) {
    const english = openApiDocument('');
    const map = translations[locale];
    const text = (value: string) => map?.get(textKey(value)) ?? value;
    const doc = map ? translateDocument(english, map) : english;
    // Grouped on the English document (tags name the pages), the operations then read from the translated one.
    const translatedGroups = groupByTag(doc);
    const groups = groupByTag(english).map((group, i) => ({
      ...(translatedGroups[i] ?? group),
      slug: slug(group.name),
      name: group.name,
      title: text(group.name),
      description: group.description && text(group.description),
    }));
    reference = { doc, groups, text };
    built.set(locale, reference);
  }
  return { ...reference, doc: { ...reference.doc, servers: [{ url: `${baseUrl}/api` }] } };
}

/** Which group page holds each anchor of the old one-page reference: operations and `tag-<group>` sections. */
export function anchorPages(groups: DocsGroup[]): Record<string, string> {
  const pages: Record<string, string> = {};
  for (const group of groups) {
    pages[group.id] = group.slug;
    for (const endpoint of group.endpoints) pages[endpoint.id] = group.slug;
  }
  return pages;
}
