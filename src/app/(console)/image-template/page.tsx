import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ImageTemplateView } from '@/components/image-template/image-template-view';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';
import { OrganisationPage } from '@/app/(console)/organisation-page';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('imageTemplate');
  return { title: t('metaTitle') };
}

const prefetch = () => api.session.me.prefetch();

/** `?job=<id>` opens a background conversion (the job's page links here). */
export default async function ImageTemplatePage({
  searchParams,
}: {
  searchParams: Promise<{ job?: string | string[] }>;
}) {
  const { job } = await searchParams;
  const t = await getTranslations('imageTemplate');
  const jobId = typeof job === 'string' && /^[0-9a-f-]{36}$/i.test(job) ? job : null;
  return (
    <OrganisationPage title={t('title')} personalNote={t('personalNote')} prefetch={prefetch}>
      <ImageTemplateView price={getConfig().prices.imageToTemplate} jobId={jobId} />
    </OrganisationPage>
  );
}
