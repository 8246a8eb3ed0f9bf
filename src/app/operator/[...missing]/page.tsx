import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';

// The title is set here: Next.js reads metadata only from the root not-found file, not from a nested one.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.notFound');
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}

/** Any address under /operator that names no page: the operator area's own 404 (../not-found.tsx). */
export default function MissingOperatorPage() {
  notFound();
}
