'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import type { Member } from './model';

/** The changes a member row makes besides the quota: a new key, disabling and enabling, each asked first where it hurts. */
export function useMemberActions(member: Member, onChanged: () => Promise<void>) {
  const t = useTranslations('members.row');
  const rekey = trpc.members.rekey.useMutation();
  const toggle = trpc.members.toggle.useMutation();
  const [confirm, setConfirm] = useState<'rekey' | 'disable' | null>(null);
  const [newKey, setNewKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const name = member.nickname;
  // The switch shows the requested state while the change is on its way.
  const pendingDisabled =
    toggle.isPending && typeof toggle.variables?.disabled === 'boolean' ? toggle.variables.disabled : null;

  async function issueKey() {
    try {
      const answer = await rekey.mutateAsync({ account_id: member.account_id });
      setConfirm(null);
      setNotice(null);
      setNewKey(answer.account.api_key);
      await onChanged();
    } catch {
      // Shown in the dialog.
    }
  }

  async function setDisabled(disabled: boolean) {
    try {
      await toggle.mutateAsync({ account_id: member.account_id, disabled });
      setConfirm(null);
      setNotice(disabled ? t('disabledNotice', { name }) : t('enabledNotice', { name }));
      await onChanged();
    } catch {
      // Shown in the dialog (disabling) or under the row (enabling).
    }
  }

  return {
    rekey,
    toggle,
    confirm,
    enabled: !(pendingDisabled ?? member.disabled),
    newKey,
    notice,
    setNotice,
    dismissKey: () => setNewKey(null),
    issueKey,
    setDisabled,
    askRekey: () => {
      rekey.reset();
      setConfirm('rekey');
    },
    /** Enabling happens at once; disabling asks first. */
    flip: (on: boolean) => {
      toggle.reset();
      if (on) void setDisabled(false);
      else setConfirm('disable');
    },
    cancel: () => {
      if (confirm === 'rekey') rekey.reset();
      else toggle.reset();
      setConfirm(null);
    },
  };
}
