import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prefetched } from '@/trpc/prefetched';
import { Playground } from '@/components/playground/playground';
import { IMAGE_TEMPLATES_INPUT } from '@/components/playground/reads';
import { promptFromParams, sourceFromParams } from '@/components/playground/recipes';
import { SKILLS_INPUT } from '@/components/skills/reads';
import { getConfig } from '@/server/config';
import { api } from '@/trpc/server';
import { jobToRunAgain } from '@/trpc/job-to-run-again';
import { playgroundStartFrom } from '@/components/jobs/job-rerun';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('playground');
  return { title: t('metaTitle') };
}

interface PlaygroundPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function PlaygroundPage({ searchParams }: PlaygroundPageProps) {
  const params = await searchParams;
  // ?prompt= and ?ratio= (e.g. from an image reading) fill the prompt form once, on load.
  // ?from=<jobId> ("Run again" on a job's page) starts from every setting and input of that image job.
  const again = await jobToRunAgain(params.from, 'image');
  const start = again ? playgroundStartFrom(again) : { ...sourceFromParams(params), ...promptFromParams(params) };
  // Skills and templates arrive with the page, so a link such as ?skill=<slug> opens with its form in place.
  const reads = [
    api.session.me.prefetch(),
    api.skills.list.prefetch(SKILLS_INPUT),
    api.templates.list.prefetch(IMAGE_TEMPLATES_INPUT),
  ];
  // Prices are the running server's settings, shown next to the quality choice.
  const config = getConfig();
  const { low, medium, high } = config.prices.image;
  return (
    <Prefetched reads={reads}>
      <Playground
        // A new address (e.g. the Playground link while a skill is open) starts afresh.
        key={`${start.source}:${start.skill ?? start.template ?? ''}:${again ? String(params.from) : ''}`}
        prices={{ low, medium, high }}
        start={start}
        baseUrl={config.publicBaseUrl}
      />
    </Prefetched>
  );
}
