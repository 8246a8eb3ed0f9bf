import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HooksManager } from '@/components/template-hooks/hooks-manager';
import { CATALOG_INPUTS } from '@/components/template-hooks/catalog-inputs';
import { api, HydrateClient } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('hooks');
  return { title: t('metaTitle') };
}

export default async function HooksPage() {
  // Rendered with the bindings and the templates to choose from; a read that fails here is asked again by the browser.
  await Promise.all([
    api.hooks.list.prefetch({}),
    api.templates.list.prefetch(CATALOG_INPUTS.image),
    api.templates.list.prefetch(CATALOG_INPUTS.article),
    api.templates.listVideo.prefetch(CATALOG_INPUTS.video),
  ]);
  return (
    <HydrateClient>
      <HooksManager />
    </HydrateClient>
  );
}
