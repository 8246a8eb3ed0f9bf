'use client';

import { useTranslations } from 'next-intl';
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Form, FormRootError } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';

interface SaveBarProps {
  /** Where the form stands: unsaved changes, saved, or what to fix. */
  status: ReactNode;
  /** The way out beside the save button (a Cancel or Back). */
  cancel: ReactNode;
  submitLabel: string;
  pending: boolean;
  /** Test id of the refusal shown above the buttons. */
  errorTestId: string;
}

/** The editors' sticky footer: the server's refusal, the form's state and the save button. */
export function SaveBar({ status, cancel, submitLabel, pending, errorTestId }: SaveBarProps) {
  const t = useTranslations('templates.editor');
  return (
    <div className="sticky bottom-0 z-10 -mx-4 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-2xl sm:border sm:shadow-sm">
      <FormRootError className="mb-3" data-testid={errorTestId} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 flex-1 text-xs text-slate-500 sm:text-sm" aria-live="polite">
          {status}
        </p>
        <div className="flex shrink-0 justify-end gap-2">
          {cancel}
          <Button type="submit" disabled={pending} className="whitespace-nowrap sm:min-w-32">
            {pending ? (
              <>
                <Spinner /> {t('saving')}
              </>
            ) : (
              submitLabel
            )}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** What EditorForm needs of an editor's state (`useTemplateForm`, `useSkillForm`). */
interface EditorState<T extends FieldValues, O> {
  form: UseFormReturn<T, unknown, O>;
  creating: boolean;
  submit: (e?: BaseSyntheticEvent) => Promise<void>;
  pending: boolean;
}

interface EditorFormProps<T extends FieldValues, O> extends Omit<SaveBarProps, 'submitLabel' | 'pending'> {
  editor: EditorState<T, O>;
  /** What is edited: it names the form ("New skill", "Edit skill"), marks it (`data-skill-editor`) and labels the create button. */
  noun: 'template' | 'skill';
  /** The save button's label once the item exists. */
  saveLabel: string;
  className?: string;
  /** The editor's panels, above the save bar. */
  children: ReactNode;
}

/** The form of the template and skill editors: checked in the browser first, its panels, then the save bar. */
export function EditorForm<T extends FieldValues, O>({
  editor,
  noun,
  saveLabel,
  className,
  children,
  ...bar
}: EditorFormProps<T, O>) {
  const t = useTranslations('templates.editor');
  const { form, creating } = editor;
  const marker = { [`data-${noun}-editor`]: true };
  return (
    <Form {...form}>
      <form
        onSubmit={editor.submit}
        noValidate
        className={cn('min-w-0 space-y-6', className)}
        aria-label={t(creating ? 'formNew' : 'formEdit', { noun })}
        {...marker}
      >
        {children}
        <SaveBar {...bar} submitLabel={creating ? t('create', { noun }) : saveLabel} pending={editor.pending} />
      </form>
    </Form>
  );
}
