'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc } from '@/trpc/react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { PowerIcon } from '@/components/icons';
import type { AnyTemplate } from '@/components/templates/model';
import { useTemplateName } from '@/components/templates/use-template-name';

interface ActivationButtonProps {
  template: AnyTemplate;
  size?: 'sm' | 'md';
  /** Deactivate as an icon button (cards, where space is short); Reactivate always has its word. */
  compact?: boolean;
  className?: string;
  onChanged?: (active: boolean) => void;
}

/**
 * Deactivates (after a confirmation) or reactivates one of the workspace's own templates. There is
 * no delete: a deactivated template stays listed for its owner.
 */
export function ActivationButton({ template: t, size = 'sm', compact, className, onChanged }: ActivationButtonProps) {
  const words = useTranslations('templates.activation');
  const nameOf = useTemplateName();
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const update = trpc.templates.update.useMutation();
  const updateVideo = trpc.templates.updateVideo.useMutation();
  const pending = update.isPending || updateVideo.isPending;
  const error = update.error?.message ?? updateVideo.error?.message ?? null;

  async function setActive(active: boolean) {
    update.reset();
    updateVideo.reset();
    try {
      if (t.kind === 'video') await updateVideo.mutateAsync({ id: t.id, active });
      else await update.mutateAsync({ id: t.id, active });
      await Promise.all([utils.templates.list.invalidate(), utils.templates.listVideo.invalidate()]);
      setConfirming(false);
      onChanged?.(active);
    } catch {
      // The mutation keeps the error; it is shown in the dialog or under the button.
    }
  }

  if (t.source !== 'mine') return null;

  return (
    <>
      {t.active && compact ? (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          aria-label={words('deactivate')}
          title={words('deactivate')}
          className={cn(
            'grid size-8 shrink-0 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-rose-50 ' +
              'hover:text-rose-600 focus-visible:outline-2 focus-visible:outline-offset-2 ' +
              'focus-visible:outline-indigo-600',
            className,
          )}
        >
          <PowerIcon className="size-4" />
        </button>
      ) : t.active ? (
        <Button variant="secondary" size={size} className={className} onClick={() => setConfirming(true)}>
          {words('deactivate')}
        </Button>
      ) : (
        <Button
          variant="secondary"
          size={size}
          className={className}
          disabled={pending}
          onClick={() => void setActive(true)}
        >
          {pending && <Spinner />}
          {words('reactivate')}
        </Button>
      )}
      {!t.active && !confirming && error && (
        <p role="alert" className="basis-full text-xs text-rose-700">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirming}
        title={words('confirmTitle', { name: nameOf(t) })}
        confirmLabel={words('deactivate')}
        busy={pending}
        error={error}
        onConfirm={() => void setActive(false)}
        onCancel={() => {
          setConfirming(false);
          update.reset();
          updateVideo.reset();
        }}
      >
        {t.kind === 'video' ? (
          <p>{words('videoBody')}</p>
        ) : (
          <p>
            {words.rich('body', {
              slug: t.slug,
              kind: t.kind,
              code: (chunks) => <code className="inline-code break-all">{chunks}</code>,
            })}
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
