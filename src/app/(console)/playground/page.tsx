import type { Metadata } from 'next';
import { Playground } from '@/components/playground/playground';
import { sourceFromParams } from '@/components/playground/recipes';
import { getConfig } from '@/server/config';
import { currentMe, serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Playground' };

interface PlaygroundPageProps {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export default async function PlaygroundPage({ searchParams }: PlaygroundPageProps) {
  const start = sourceFromParams(await searchParams);
  const api = await serverApi();
  // Skills and templates arrive with the page, so a link such as ?skill=<slug> opens with its form in place.
  // If either read fails, the browser loads it again and shows any error there.
  const [me, skills, templates] = await Promise.all([
    currentMe(),
    api.skills
      .list({})
      .then((a) => a.skills)
      .catch(() => null),
    api.templates
      .list({ type: 'image', source: 'all' })
      .then((a) => a.templates)
      .catch(() => null),
  ]);
  // Prices are the running server's settings, shown next to the quality choice.
  const { low, medium, high } = getConfig().prices.image;
  return (
    <Playground
      // A new address (e.g. the Playground link while a skill is open) starts afresh.
      key={`${start.source}:${start.skill ?? start.template ?? ''}`}
      initialMe={me}
      prices={{ low, medium, high }}
      start={start}
      initialSkills={skills}
      initialTemplates={templates}
    />
  );
}
