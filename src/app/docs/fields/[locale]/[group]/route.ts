import { referenceFor } from '@/components/docs/catalogue/reference';
import { fieldTables } from '@/components/docs/field-tables';
import { isLocale } from '@/i18n/locales';

const built = new Map<string, string>();

/** The request and response field tables of one group's operations in one language, fetched when a reader opens one. */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string; group: string }> }) {
  const { locale, group: slug } = await params;
  if (!isLocale(locale)) return Response.json({ ok: false, error: `Unknown language: ${locale}` }, { status: 404 });
  const key = `${locale}/${slug}`;
  let body = built.get(key);
  if (!body) {
    const reference = referenceFor(locale, '');
    const group = reference.groups.find((g) => g.slug === slug);
    if (!group) return Response.json({ ok: false, error: `Unknown group: ${slug}` }, { status: 404 });
    body = JSON.stringify(fieldTables(reference.doc, group.endpoints));
    built.set(key, body);
  }
  return new Response(body, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
