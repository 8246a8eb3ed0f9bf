import type { Metadata } from 'next';
import { ConvertView } from '@/components/convert/convert-view';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';
import { OrganisationPage } from '../organisation-page';

export const metadata: Metadata = { title: 'Image to template' };

const prefetch = () => api.session.me.prefetch();

/** `?job=<id>` opens a background conversion (the job's page links here). */
export default async function ConvertPage({ searchParams }: { searchParams: Promise<{ job?: string | string[] }> }) {
  const { job } = await searchParams;
  const jobId = typeof job === 'string' && /^[0-9a-f-]{36}$/i.test(job) ? job : null;
  return (
    <OrganisationPage
      title="Image to template"
      personalNote="Converting images into templates belongs to a company workspace. This account was opened with a claim code; it uses the templates it unlocked."
      prefetch={prefetch}
    >
      <ConvertView price={getConfig().prices.imageToTemplate} jobId={jobId} />
    </OrganisationPage>
  );
}
