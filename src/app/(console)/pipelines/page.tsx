import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { PipelinesManager } from '@/components/pipelines/pipelines-manager';
import { CATALOG_INPUTS } from '@/components/pipelines/catalog-inputs';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('pipelines');
  return { title: t('metaTitle') };
}

export default async function PipelinesPage() {
  // Rendered with the bindings and the templates to choose from; a read that fails here is asked again by the browser.
  await Promise.all([
    api.pipelines.list.prefetch({}),
    api.templates.list.prefetch(CATALOG_INPUTS.image),
    api.templates.list.prefetch(CATALOG_INPUTS.article),
    api.templates.listVideo.prefetch(CATALOG_INPUTS.video),
  ]);
  return (
    <HydrateClient>
      <PipelinesManager />
    </HydrateClient>
  );
}
