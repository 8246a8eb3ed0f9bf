import type { Metadata } from 'next';
import { SKILL_LIST_INPUT } from '@/components/operator/skills/model';
import { SkillsView } from '@/components/operator/skills/skills-view';
import { Prefetched } from '@/trpc/prefetched';
import { getConfig } from '@/server/config';
import { operatorApi } from '@/trpc/server';

export const metadata: Metadata = { title: 'Skills · Operator' };

export default function OperatorSkillsPage() {
  return (
    <Prefetched reads={[operatorApi.admin.skillList.prefetch(SKILL_LIST_INPUT)]}>
      <SkillsView siteBase={getConfig().publicBaseUrl} />
    </Prefetched>
  );
}
