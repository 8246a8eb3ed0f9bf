'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { PlusIcon, SkillsIcon } from '@/components/icons';
import { CheckIcon } from '@/components/icons';
import { ErrorAlert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { EmptyState, ListState } from '@/components/ui/list-state';
import { OperatorHeader } from '@/components/operator/operator-header';
import { SKILL_LIST_INPUT, withSkill, type OperatorSkill } from './model';
import { useOriginName } from './origin';
import { SkillEditor } from './skill-editor';
import { SkillsTable } from './skills-table';
import { useSkillActivation } from './use-skill-activation';

type Editing = { mode: 'new' } | { mode: 'edit'; slug: string } | null;

/** Every skill, active or not, with its editor in place of the list while one is open. */
export function SkillsView({ siteBase }: { siteBase: string }) {
  const t = useTranslations('operator.skills');
  const origin = useOriginName();
  const utils = trpc.useUtils();
  const list = trpc.admin.skillList.useQuery(SKILL_LIST_INPUT);
  const skills = list.data?.skills ?? [];
  const [editing, setEditing] = useState<Editing>(null);
  /** The operator agreed once that saving makes catalogue skills operator-owned. */
  const [acknowledged, setAcknowledged] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const activation = useSkillActivation({
    siteBase,
    acknowledged,
    onAcknowledge: () => setAcknowledged(true),
    onStart: () => {
      setNotice(null);
      setFailure(null);
    },
    onDone: setNotice,
    onFailed: setFailure,
  });

  function open(next: Editing) {
    setNotice(null);
    setFailure(null);
    setEditing(next);
    window.scrollTo({ top: 0 });
  }

  function saved(row: OperatorSkill) {
    utils.admin.skillList.setData(SKILL_LIST_INPUT, (d) => d && { ...d, skills: withSkill(d.skills, row) });
    setEditing(null);
    setNotice(t('saved', { name: row.zh_name, slug: row.slug }));
    window.scrollTo({ top: 0 });
  }

  const current = editing?.mode === 'edit' ? skills.find((s) => s.slug === editing.slug) : undefined;

  return (
    <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:py-10">
      {editing ? (
        <SkillEditor
          key={editing.mode === 'edit' ? editing.slug : 'new'}
          skill={current}
          siteBase={siteBase}
          warnOwnership={current?.origin === 'catalog' && !acknowledged}
          onAcknowledge={() => setAcknowledged(true)}
          onSaved={saved}
          onClose={() => setEditing(null)}
        />
      ) : (
        <>
          <OperatorHeader
            title={t('title')}
            description={t('description')}
            summary={t('summary', { active: skills.filter((s) => s.active).length, total: skills.length })}
          >
            <Button onClick={() => open({ mode: 'new' })}>
              <PlusIcon className="size-4" />
              {t('newSkill')}
            </Button>
          </OperatorHeader>

          <p className="text-xs leading-5 text-slate-500" data-testid="origin-note">
            {t.rich('originNote', {
              catalog: () => <Badge tone="slate">{origin('catalog')}</Badge>,
              operator: () => <Badge tone="indigo">{origin('operator')}</Badge>,
            })}
          </p>

          {notice && (
            <p
              role="status"
              className="flex items-center gap-2 rounded-lg bg-emerald-50 px-3 py-2.5 text-sm text-emerald-800 ring-1 ring-inset ring-emerald-200"
            >
              <CheckIcon className="size-4 shrink-0" />
              {notice}
            </p>
          )}
          {failure && <ErrorAlert>{failure}</ErrorAlert>}

          <ListState
            query={list}
            empty={skills.length === 0}
            keepRowsOnError
            loading={<ListSkeleton label={t('loading')} rows={6} />}
            placeholder={<EmptyState icon={SkillsIcon} title={t('emptyTitle')} description={t('emptyBody')} />}
          >
            <SkillsTable
              skills={skills}
              busy={activation.busy}
              onToggle={activation.request}
              onEdit={(slug) => open({ mode: 'edit', slug })}
            />
          </ListState>
        </>
      )}

      <ConfirmDialog
        open={activation.asking !== null}
        title={t('ownership.title')}
        confirmLabel={activation.asking?.active ? t('ownership.activate') : t('ownership.deactivate')}
        tone={activation.asking?.active ? 'primary' : 'danger'}
        busy={activation.pending}
        onConfirm={activation.confirm}
        onCancel={activation.cancel}
      >
        {t('ownership.listBody', { name: activation.asking?.skill.zh_name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
