import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prefetched } from '@/trpc/prefetched';
import { ReadingView } from '@/components/reading/reading-view';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('reading');
  return { title: t('metaTitle') };
}

export default function ReadingPage() {
  // The balance arrives with the page; the uploads are read by the browser.
  const reads = [api.session.me.prefetch()];
  return (
    <Prefetched reads={reads}>
      <ReadingView price={getConfig().prices.reverse} />
    </Prefetched>
  );
}
