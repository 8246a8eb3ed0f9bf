'use client';

import { useTranslations } from 'next-intl';
import { FixFirst } from '@/components/editor/form-parts';
import { DetailHeader } from '@/components/editor/detail-header';
import { EditorForm } from '@/components/editor/save-bar';
import { ArrowLeftIcon, InfoIcon } from '@/components/icons';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SkillBasicsPanel } from './skill-basics-panel';
import { SkillPromptPanel } from './skill-prompt-panel';
import { useSkillForm, type UseSkillFormOptions } from './use-skill-form';

interface SkillEditorProps extends UseSkillFormOptions {
  onClose: () => void;
}

/** Creates or replaces a skill; refusals are shown under their input, or above the save button. */
export function SkillEditor({ onClose, ...options }: SkillEditorProps) {
  const t = useTranslations('operator.skills');
  const ui = useTranslations('ui');
  const editor = useSkillForm(options);
  const { skill } = options;
  const { creating } = editor;

  return (
    <div className="space-y-6">
      <button
        type="button"
        onClick={onClose}
        className={
          'inline-flex items-center gap-1.5 rounded text-sm font-medium text-slate-500 hover:text-slate-900 ' +
          'focus-visible:outline-2 focus-visible:outline-indigo-600'
        }
      >
        <ArrowLeftIcon className="size-4" />
        {t('editor.back')}
      </button>

      <DetailHeader
        eyebrow={creating ? t('editor.newEyebrow') : t('editor.editEyebrow')}
        title={skill ? skill.zh_name : t('editor.createTitle')}
      >
        {skill && (
          <code className="mt-2 inline-block rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-700">
            {skill.slug}
          </code>
        )}
      </DetailHeader>

      {skill?.origin === 'catalog' && (
        <p
          className="flex max-w-3xl items-start gap-2 rounded-lg bg-sky-50 px-3 py-2.5 text-sm text-sky-900 ring-1 ring-inset ring-sky-200"
          data-testid="catalog-note"
        >
          <InfoIcon className="mt-0.5 size-4 shrink-0 text-sky-600" />
          {t('editor.catalogNote')}
        </p>
      )}

      <EditorForm
        editor={editor}
        noun="skill"
        saveLabel={t('editor.save')}
        className="max-w-4xl"
        status={
          editor.problems > 0 ? (
            <FixFirst count={editor.problems} />
          ) : creating ? (
            t('editor.notSaved')
          ) : (
            t('editor.replaces')
          )
        }
        cancel={
          <Button variant="ghost" onClick={onClose}>
            {ui('cancel')}
          </Button>
        }
        errorTestId="skill-save-error"
      >
        <SkillBasicsPanel creating={creating} />
        <SkillPromptPanel editor={editor} />
      </EditorForm>

      <ConfirmDialog
        {...editor.ownership}
        title={t('ownership.title')}
        confirmLabel={t('ownership.saveAnyway')}
        tone="primary"
      >
        {t('ownership.editorBody', { name: skill?.zh_name ?? '' })}
      </ConfirmDialog>
    </div>
  );
}
