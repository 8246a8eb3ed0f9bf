import type { Metadata } from 'next';
import { SkillsView } from '@/components/operator/skills/skills-view';
import type { OperatorSkill } from '@/components/operator/skills/model';
import { getConfig } from '@/server/config';
import { operatorApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Skills · Operator' };

export default async function OperatorSkillsPage() {
  const answer = await (await operatorApi()).admin.action({ action: 'skill-list' });
  const skills = (answer.skills ?? []) as OperatorSkill[];
  return <SkillsView initial={skills} siteBase={getConfig().publicBaseUrl} />;
}
