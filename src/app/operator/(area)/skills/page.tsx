import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { SKILL_LIST_INPUT } from '@/components/operator/skills/model';
import { SkillsView } from '@/components/operator/skills/skills-view';
import { Prefetched } from '@/trpc/prefetched';
import { getConfig } from '@/server/config';
import { operatorApi } from '@/trpc/server';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('operator.skills');
  return { title: t('metaTitle') };
}

export default function OperatorSkillsPage() {
  return (
    <Prefetched reads={[operatorApi.admin.skillList.prefetch(SKILL_LIST_INPUT)]}>
      <SkillsView siteBase={getConfig().publicBaseUrl} />
    </Prefetched>
  );
}
