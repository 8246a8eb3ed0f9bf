import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ClaimView } from '@/components/claim-redemption/claim-view';
import { previewClaim } from '@/server/domain/claims/claim-preview';
import { AppError } from '@/server/errors';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('claim');
  return { title: t('metaTitle'), robots: { index: false, follow: false } };
}
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#eef2ff' };

interface ClaimPageProps {
  params: Promise<{ code: string }>;
}

/** The public page a buyer opens from the seller's message. It has no session, so it asks the domain directly. */
export default async function ClaimPage({ params }: ClaimPageProps) {
  const { code } = await params;
  const { db, config } = await getRuntime();
  const preview = await previewClaim({ db, config }, { code: decodeURIComponent(code) }).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') notFound();
    throw err;
  });
  return <ClaimView preview={preview} />;
}
