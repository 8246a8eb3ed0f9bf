'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '@/trpc/react';
import { ArrowRightIcon, ArticleIcon, PencilIcon, TrashIcon, VideoIcon } from '@/components/icons';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Switch } from '@/components/ui/switch';
import { EditPipeline } from './edit-pipeline';
import type { Catalog } from './options';
import { TemplateChip } from './template-chip';
import { RequestError } from '@/components/console/request-error';
import { useErrorText } from '@/components/console/use-error-text';

type Pipeline = RouterOutputs['pipelines']['list']['hooks'][number];

/** One binding: its two templates, the enabled switch, the note, and edit and delete. */
export function PipelineRow({ hook, catalog }: { hook: Pipeline; catalog: Catalog }) {
  const t = useTranslations('pipelines');
  const errorText = useErrorText();
  const utils = trpc.useUtils();
  const toggle = trpc.pipelines.update.useMutation();
  const remove = trpc.pipelines.remove.useMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const image = catalog.image.find((t) => t.slug === hook.image_template_slug);
  const target = catalog[hook.hook_type].find((t) => t.slug === hook.hook_template_slug);
  const imageName = image?.name ?? hook.image_template_slug;
  const targetName = target?.name ?? hook.hook_template_slug;
  const type = hook.hook_type;
  // The switch shows the requested state while the change is on its way.
  const enabled = toggle.isPending && toggle.variables?.enabled !== undefined ? toggle.variables.enabled : hook.enabled;

  async function setEnabled(next: boolean) {
    try {
      await toggle.mutateAsync({ id: hook.id, enabled: next });
      await utils.pipelines.list.invalidate();
    } catch {
      // Shown under the row.
    }
  }

  async function destroy() {
    try {
      await remove.mutateAsync({ id: hook.id });
      setConfirming(false);
      await utils.pipelines.list.invalidate();
    } catch {
      // Shown in the dialog.
    }
  }

  return (
    <article
      data-testid="pipeline-row"
      data-hook-type={hook.hook_type}
      aria-label={t('row.label', { image: imageName, type, target: targetName })}
      className={cn('rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200/80', !hook.enabled && 'bg-slate-50/80')}
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center lg:flex-col lg:items-stretch xl:flex-row xl:items-center">
        <TemplateChip option={image} slug={hook.image_template_slug} kind="image" />
        <div
          className={
            'flex shrink-0 items-center gap-1.5 pl-4 text-slate-500 sm:flex-col sm:gap-1 sm:pl-0 lg:flex-row ' +
            'lg:gap-1.5 lg:pl-4 xl:flex-col xl:gap-1 xl:pl-0'
          }
        >
          <ArrowRightIcon className="size-4 rotate-90 sm:rotate-0 lg:rotate-90 xl:rotate-0" />
          <Badge tone={hook.hook_type === 'article' ? 'sky' : 'emerald'} className="gap-1">
            {hook.hook_type === 'article' ? <ArticleIcon className="size-3" /> : <VideoIcon className="size-3" />}
            {t(`types.${type}`)}
          </Badge>
        </div>
        <TemplateChip option={target} slug={hook.hook_template_slug} kind={hook.hook_type} />
      </div>

      {editing ? (
        <EditPipeline hook={hook} catalog={catalog} onDone={() => setEditing(false)} />
      ) : (
        <>
          {hook.note ? (
            <p
              className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-700"
              data-testid="pipeline-note"
            >
              {hook.note}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-slate-100 pt-3">
            <div className="flex items-center gap-2.5">
              <Switch
                checked={enabled}
                onChange={(v) => void setEnabled(v)}
                busy={toggle.isPending}
                disabled={toggle.isPending}
                label={t('row.enabled')}
              />
              <span className="text-sm text-slate-600" aria-hidden="true">
                {enabled ? t('row.enabled') : t('row.disabled')}
              </span>
            </div>
            <div className="ml-auto flex items-center gap-1">
              <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <PencilIcon className="size-4" />
                {t('row.edit')}
              </Button>
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setConfirming(true)}
                className="hover:bg-rose-50 hover:text-rose-700"
              >
                <TrashIcon className="size-4" />
                {t('row.delete')}
              </Button>
            </div>
          </div>
          <RequestError className="mt-3" error={toggle.error} />
        </>
      )}

      <ConfirmDialog
        open={confirming}
        title={t('row.confirmTitle')}
        confirmLabel={t('row.confirmLabel')}
        busy={remove.isPending}
        error={remove.error ? errorText(remove.error) : undefined}
        onConfirm={() => void destroy()}
        onCancel={() => {
          setConfirming(false);
          remove.reset();
        }}
      >
        <p>
          {t.rich('row.confirmBody', {
            image: imageName,
            target: targetName,
            type,
            b: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
          })}
        </p>
      </ConfirmDialog>
    </article>
  );
}
