import { referenceFor } from '@/components/docs/catalogue/reference';
import { searchEntries, type SearchEntry } from '@/components/docs/search-entries';
import { isLocale, type Locale } from '@/i18n/locales';

const built = new Map<Locale, string>();

/** The reference's search index in one language: every operation with its fields, fetched once by the search box. */
export async function GET(_request: Request, { params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) return Response.json({ ok: false, error: `Unknown language: ${locale}` }, { status: 404 });
  let body = built.get(locale);
  if (!body) {
    const entries: SearchEntry[] = searchEntries(referenceFor(locale, ''));
    body = JSON.stringify(entries);
    built.set(locale, body);
  }
  return new Response(body, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
}
