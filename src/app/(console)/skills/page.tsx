import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Prefetched } from '@/trpc/prefetched';
import { SkillsCatalogue } from '@/components/skills/skills-catalogue';
import { SKILLS_INPUT } from '@/components/skills/reads';
import { api } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('skills');
  return { title: t('metaTitle') };
}

/** Rendered with the catalogue in place. */
export default function SkillsPage() {
  return (
    <Prefetched reads={[api.skills.list.prefetch(SKILLS_INPUT)]}>
      <SkillsCatalogue />
    </Prefetched>
  );
}
