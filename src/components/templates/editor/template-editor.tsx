'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ArrowRightIcon, CheckIcon } from '@/components/icons';
import { buttonClasses } from '@/components/ui/button';
import { ActivationButton } from './activation-button';
import { TemplatesBackLink } from '@/components/templates/back-link';
import { FixFirst } from '@/components/editor/form-parts';
import { actionFor, storeHref, type AnyTemplate, type TemplateKind } from '@/components/templates/model';
import { TemplateIdentity } from '@/components/templates/template-badges';
import { DetailHeader } from '@/components/editor/detail-header';
import { PromptPreview } from './prompt-preview';
import { SampleImagesPanel } from './sample-images-panel';
import { EditorForm } from '@/components/editor/save-bar';
import { TemplateAccessPanel } from './template-access-panel';
import { TemplateBasicsPanel } from './template-basics-panel';
import { TemplatePromptPanel } from './template-prompt-panel';
import { useTemplateForm, type TemplateFormState } from './use-template-form';
import { useTemplateName } from '@/components/templates/use-template-name';
import { VideoMediaPanel } from './video-media-panel';

interface TemplateEditorProps {
  /** The template being edited; absent to create one. */
  template?: AnyTemplate;
  /** The kind a new template starts as. */
  kind: TemplateKind;
}

/** Creates or edits an image, article or video template, with a live preview beside the form. */
export function TemplateEditor({ template, kind: startKind }: TemplateEditorProps) {
  const t = useTranslations('templates');
  const editor = useTemplateForm({ template, kind: startKind });
  const { creating, kind } = editor;
  const back = storeHref(kind, template ? template.source : 'all');

  return (
    <div className="space-y-6">
      <TemplatesBackLink href={back} />
      <EditorHeader template={template} kind={kind} />

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)] xl:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
        <EditorForm
          editor={editor}
          noun="template"
          saveLabel={t('editor.save')}
          status={<SaveStatus editor={editor} />}
          cancel={
            <Link href={back} className={buttonClasses('ghost', 'md', 'px-3')}>
              {t(creating ? 'editor.cancel' : 'editor.back')}
            </Link>
          }
          errorTestId="save-error"
        >
          <TemplateBasicsPanel creating={creating} kind={kind} onKindChange={editor.switchKind} />
          <TemplatePromptPanel editor={editor} />
          {kind === 'image' && <SampleImagesPanel />}
          {kind === 'video' && <VideoMediaPanel />}
          <TemplateAccessPanel template={template} />
        </EditorForm>

        <aside className="min-w-0 lg:sticky lg:top-6" aria-label={t('preview.aside')}>
          <PromptPreview prompt={editor.prompt} fields={editor.specs} />
        </aside>
      </div>
    </div>
  );
}

function EditorHeader({ template, kind }: { template?: AnyTemplate; kind: TemplateKind }) {
  const t = useTranslations('templates.editor');
  const actions = useTranslations('templates.actions');
  const nameOf = useTemplateName();
  const use = template && actionFor(template);
  return (
    <DetailHeader
      eyebrow={template ? t('editEyebrow', { kind }) : t('newEyebrow')}
      title={template ? nameOf(template) : t('createTitle')}
      actions={
        template && (
          <div className="flex flex-wrap items-center gap-2">
            {use && template.active && (
              <Link href={use.href} className={buttonClasses('secondary', 'md')}>
                {actions(use.action)}
                <ArrowRightIcon className="size-4" />
              </Link>
            )}
            <ActivationButton template={template} size="md" />
          </div>
        )
      }
    >
      {template && <TemplateIdentity t={template} />}
    </DetailHeader>
  );
}

function SaveStatus({ editor: { status, creating } }: { editor: TemplateFormState }) {
  const t = useTranslations('templates.editor');
  if (status.problems > 0) return <FixFirst count={status.problems} />;
  if (status.saved) {
    return (
      <span className="inline-flex items-center gap-1.5 text-emerald-700">
        <CheckIcon className="size-4" /> {t('saved')}
      </span>
    );
  }
  if (status.dirty) return t('unsaved');
  return t(creating ? 'notSaved' : 'noChanges');
}
