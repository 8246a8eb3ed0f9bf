import type { Metadata } from 'next';
import { SkillsCatalogue } from '@/components/skills/skills-catalogue';
import { serverApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Skills' };

export default async function SkillsPage() {
  // Rendered with the catalogue in place; if this read fails, the page loads it in the browser and shows any error there.
  const skills = await (await serverApi()).skills
    .list({})
    .then((a) => a.skills)
    .catch(() => null);
  return <SkillsCatalogue initialSkills={skills} />;
}
