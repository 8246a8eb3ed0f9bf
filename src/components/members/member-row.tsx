'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { CheckIcon, CoinsIcon, KeyIcon, ShieldIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { KeyNotice } from './key-field';
import { MemberSummary } from './member-summary';
import type { Member } from './model';
import { KeyPolicyForm } from './key-policy-form';
import { QuotaForm } from './quota-form';
import { useMemberActions } from './use-member-actions';
import { RequestError } from '@/components/console/request-error';
import { useErrorText } from '@/components/console/use-error-text';

interface MemberRowProps {
  member: Member;
  /** The tenant's allocatable credits, for the quota form's maximum. */
  allocatable: number | undefined;
  /** Refreshes the list and the pool after a change. */
  onChanged: () => Promise<void>;
  /** Just created: outlined so it is easy to find. */
  highlight?: boolean;
  /** How many named keys the member holds, once the keys are loaded. */
  namedKeys?: number | undefined;
}

/** One member: who, how they are funded, their key, and what can be changed. */
export function MemberRow({ member, allocatable, onChanged, highlight, namedKeys }: MemberRowProps) {
  const titleId = useId();
  const quotaButtonId = useId();
  const policyButtonId = useId();
  const actions = useMemberActions(member, onChanged);
  const [editing, setEditing] = useState<'quota' | 'policy' | null>(null);
  const name = member.nickname;
  const t = useTranslations('members.row');
  const errorText = useErrorText();

  const close = () => {
    refocus(editing === 'policy' ? policyButtonId : quotaButtonId);
    setEditing(null);
  };
  const saved = async (text: string) => {
    close();
    actions.setNotice(text);
    await onChanged();
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="member-row"
      data-email={member.email}
      className={cn('p-4 sm:p-5', member.disabled && 'bg-slate-50/80', highlight && 'bg-indigo-50/40')}
    >
      <MemberSummary member={member} titleId={titleId} highlight={highlight} namedKeys={namedKeys} />

      {actions.newKey && (
        <KeyNotice
          className="mt-4 space-y-2.5 sm:ml-13"
          data-testid="rekey-result"
          icon={KeyIcon}
          message={t.rich('rekeyed', { name, strong: (chunks) => <span className="font-semibold">{chunks}</span> })}
          apiKey={actions.newKey}
          copyLabel={t('rekeyedCopy', { name })}
          onDismiss={actions.dismissKey}
        />
      )}

      {editing === 'quota' ? (
        <QuotaForm member={member} allocatable={allocatable} onCancel={close} onSaved={saved} />
      ) : editing === 'policy' ? (
        <KeyPolicyForm member={member} onCancel={close} onSaved={saved} />
      ) : (
        <>
          {actions.notice && (
            <p
              role="status"
              className="mt-3 flex items-start gap-2 text-sm text-emerald-800 sm:pl-13"
              data-testid="member-notice"
            >
              <CheckIcon className="mt-0.5 size-4 shrink-0 text-emerald-600" />
              <span className="min-w-0 break-words">{actions.notice}</span>
            </p>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3 sm:ml-13">
            <div className="flex items-center gap-2.5">
              <Switch
                checked={actions.enabled}
                onChange={actions.flip}
                busy={actions.toggle.isPending}
                disabled={actions.toggle.isPending}
                label={t('enable', { name })}
              />
              <span className={cn('text-sm', actions.enabled ? 'text-slate-600' : 'text-rose-700')} aria-hidden="true">
                {actions.enabled ? t('enabled') : t('disabled')}
              </span>
            </div>
            <div className="ml-auto flex flex-wrap items-center justify-end gap-0.5 sm:gap-1">
              <Button
                id={quotaButtonId}
                variant="ghost"
                size="sm"
                onClick={() => {
                  actions.setNotice(null);
                  setEditing('quota');
                }}
                aria-label={t('setQuotaOf', { name })}
              >
                <CoinsIcon className="hidden size-4 sm:block" />
                {t('setQuota')}
              </Button>
              <Button
                id={policyButtonId}
                variant="ghost"
                size="sm"
                onClick={() => {
                  actions.setNotice(null);
                  setEditing('policy');
                }}
                aria-label={t('keyPolicyOf', { name })}
              >
                <ShieldIcon className="hidden size-4 sm:block" />
                {t('keyPolicy')}
              </Button>
              <Button variant="ghost" size="sm" onClick={actions.askRekey} aria-label={t('rekeyOf', { name })}>
                <KeyIcon className="hidden size-4 sm:block" />
                {t('rekey')}
              </Button>
            </div>
          </div>
          {actions.confirm === null && (
            <RequestError className="mt-3" error={actions.toggle.error} onRetry={() => actions.flip(true)} />
          )}
        </>
      )}

      <ConfirmDialog
        open={actions.confirm === 'rekey'}
        title={t('rekeyTitle', { name })}
        confirmLabel={t('rekeyConfirm')}
        busy={actions.rekey.isPending}
        error={actions.rekey.error ? errorText(actions.rekey.error) : undefined}
        onConfirm={() => void actions.issueKey()}
        onCancel={actions.cancel}
      >
        <p>{t('rekeyBody')}</p>
      </ConfirmDialog>

      <ConfirmDialog
        open={actions.confirm === 'disable'}
        title={t('disableTitle', { name })}
        confirmLabel={t('disableConfirm')}
        busy={actions.toggle.isPending}
        error={actions.toggle.error ? errorText(actions.toggle.error) : undefined}
        onConfirm={() => void actions.setDisabled(true)}
        onCancel={actions.cancel}
      >
        <p>{t('disableBody', { mode: member.mode })}</p>
      </ConfirmDialog>
    </article>
  );
}

/** Puts focus back on a control once the form that replaced it has gone. */
function refocus(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
