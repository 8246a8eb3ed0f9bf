import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { ClaimView } from '@/components/claim/claim-view';
import { previewClaim } from '@/server/domain/claims/claims';
import { AppError } from '@/server/domain/errors';
import { getRuntime } from '@/server/runtime';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: '领取权益', robots: { index: false, follow: false } };
export const viewport: Viewport = { width: 'device-width', initialScale: 1, themeColor: '#eef2ff' };

interface ClaimPageProps {
  params: Promise<{ code: string }>;
}

/** The public page a buyer opens from the seller's message: what the code gives, and a form to redeem it. */
export default async function ClaimPage({ params }: ClaimPageProps) {
  const { code } = await params;
  const { db, config } = await getRuntime();
  try {
    const preview = await previewClaim(db, config, decodeURIComponent(code));
    return <ClaimView preview={preview} />;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') notFound();
    throw err;
  }
}
