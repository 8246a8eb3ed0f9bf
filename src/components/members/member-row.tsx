'use client';

import { useId, useState } from 'react';
import { CheckIcon, CoinsIcon, KeyIcon } from '../icons';
import { ErrorAlert } from '../ui/alert';
import { Button } from '../ui/button';
import { cn } from '../ui/cn';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { Switch } from '../ui/switch';
import { KeyNotice } from './key-field';
import { MemberSummary } from './member-summary';
import type { Member } from './model';
import { QuotaForm } from './quota-form';
import { useMemberActions } from './use-member-actions';

interface MemberRowProps {
  member: Member;
  /** The tenant's allocatable credits, for the quota form's maximum. */
  allocatable: number | undefined;
  /** Refreshes the list and the pool after a change. */
  onChanged: () => Promise<void>;
  /** Just created: outlined so it is easy to find. */
  highlight?: boolean;
}

/** One member: who, how they are funded, their key, and what can be changed. */
export function MemberRow({ member, allocatable, onChanged, highlight }: MemberRowProps) {
  const titleId = useId();
  const quotaButtonId = useId();
  const actions = useMemberActions(member, onChanged);
  const [editing, setEditing] = useState(false);
  const name = member.nickname;

  const closeQuota = () => {
    setEditing(false);
    refocus(quotaButtonId);
  };

  return (
    <article
      aria-labelledby={titleId}
      data-testid="member-row"
      data-email={member.email}
      className={cn('p-4 sm:p-5', member.disabled && 'bg-slate-50/80', highlight && 'bg-indigo-50/40')}
    >
      <MemberSummary member={member} titleId={titleId} highlight={highlight} />

      {actions.newKey && (
        <KeyNotice
          className="mt-4 space-y-2.5 sm:ml-13"
          data-testid="rekey-result"
          icon={KeyIcon}
          message={
            <>
              <span className="font-semibold">New key for {name}.</span> The old key stopped working: anything still using it now gets 403.
            </>
          }
          apiKey={actions.newKey}
          copyLabel={`new key of ${name}`}
          onDismiss={actions.dismissKey}
        />
      )}

      {editing ? (
        <QuotaForm
          member={member}
          allocatable={allocatable}
          onCancel={closeQuota}
          onSaved={async (text) => {
            closeQuota();
            actions.setNotice(text);
            await onChanged();
          }}
        />
      ) : (
        <>
          {actions.notice && (
            <p role="status" className="mt-3 flex items-start gap-2 text-sm text-emerald-800 sm:pl-13" data-testid="member-notice">
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
                label={`Enable ${name}`}
              />
              <span className={cn('text-sm', actions.enabled ? 'text-slate-600' : 'text-rose-700')} aria-hidden="true">
                {actions.enabled ? 'Enabled' : 'Disabled'}
              </span>
            </div>
            <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
              <Button
                id={quotaButtonId}
                variant="ghost"
                size="sm"
                onClick={() => {
                  actions.setNotice(null);
                  setEditing(true);
                }}
                aria-label={`Set quota of ${name}`}
              >
                <CoinsIcon className="hidden size-4 sm:block" />
                Set quota
              </Button>
              <Button variant="ghost" size="sm" onClick={actions.askRekey} aria-label={`Rekey ${name}`}>
                <KeyIcon className="hidden size-4 sm:block" />
                Rekey
              </Button>
            </div>
          </div>
          {actions.toggle.error && actions.confirm === null && <ErrorAlert className="mt-3">{actions.toggle.error.message}</ErrorAlert>}
        </>
      )}

      <ConfirmDialog
        open={actions.confirm === 'rekey'}
        title={`Issue a new key for ${name}?`}
        confirmLabel="Issue new key"
        busy={actions.rekey.isPending}
        error={actions.rekey.error?.message}
        onConfirm={() => void actions.issueKey()}
        onCancel={actions.cancel}
      >
        <p>
          The current key stops working at once: apps and people still using it get 403 until they switch to the new key. The new key is shown once
          you confirm.
        </p>
      </ConfirmDialog>

      <ConfirmDialog
        open={actions.confirm === 'disable'}
        title={`Disable ${name}?`}
        confirmLabel="Disable member"
        busy={actions.toggle.isPending}
        error={actions.toggle.error?.message}
        onConfirm={() => void actions.setDisabled(true)}
        onCancel={actions.cancel}
      >
        <p>
          Their key answers 403 until you enable them again. Nothing is deleted
          {member.mode === 'dedicated' ? ': their dedicated credits stay reserved for them.' : '.'}
        </p>
      </ConfirmDialog>
    </article>
  );
}

/** Puts focus back on a control once the form that replaced it has gone. */
function refocus(id: string) {
  requestAnimationFrame(() => document.getElementById(id)?.focus());
}
