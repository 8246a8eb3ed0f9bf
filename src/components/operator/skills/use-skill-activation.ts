'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { SKILL_LIST_INPUT, withActive, withSkill, type OperatorSkill } from './model';

interface UseSkillActivationOptions {
  siteBase: string;
  /** The operator agreed once that changing catalogue skills makes them operator-owned. */
  acknowledged: boolean;
  onAcknowledge: () => void;
  onStart: () => void;
  onDone: (notice: string) => void;
  onFailed: (failure: string) => void;
}

/**
 * Switching a skill on or off from the list: a save of the whole skill with `active` changed,
 * asked first for catalogue skills until the operator has agreed once.
 */
export function useSkillActivation({
  siteBase,
  acknowledged,
  onAcknowledge,
  onStart,
  onDone,
  onFailed,
}: UseSkillActivationOptions) {
  const t = useTranslations('operator.skills');
  const utils = trpc.useUtils();
  const upsert = trpc.admin.skillUpsert.useMutation();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [asking, setAsking] = useState<{ skill: OperatorSkill; active: boolean } | null>(null);

  async function setActive(skill: OperatorSkill, active: boolean) {
    onStart();
    setBusy((s) => new Set(s).add(skill.slug));
    try {
      const { skill: row } = await upsert.mutateAsync(withActive(skill, active, siteBase));
      utils.admin.skillList.setData(SKILL_LIST_INPUT, (d) => d && { ...d, skills: withSkill(d.skills, row) });
      onDone(t('nowActive', { name: skill.zh_name, active: String(active) }));
    } catch (e) {
      onFailed(
        t('toggleFailed', {
          active: String(active),
          slug: skill.slug,
          message: e instanceof Error ? e.message : String(e),
        }),
      );
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(skill.slug);
        return next;
      });
      setAsking(null);
    }
  }

  return {
    busy,
    asking,
    pending: upsert.isPending,
    request: (skill: OperatorSkill, active: boolean) => {
      if (skill.origin === 'catalog' && !acknowledged) setAsking({ skill, active });
      else void setActive(skill, active);
    },
    confirm: () => {
      if (!asking) return;
      onAcknowledge();
      void setActive(asking.skill, asking.active);
    },
    cancel: () => setAsking(null),
  };
}
