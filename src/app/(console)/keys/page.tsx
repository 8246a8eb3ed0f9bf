import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { KeysManager } from '@/components/keys/keys-manager';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('keys');
  return { title: t('metaTitle') };
}

export default async function KeysPage() {
  await api.keys.list.prefetch({});
  return (
    <HydrateClient>
      <KeysManager />
    </HydrateClient>
  );
}
