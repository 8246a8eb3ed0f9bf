'use client';

import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { ImageIcon, InfoIcon, LockIcon } from '@/components/icons';
import { cn } from '@/components/ui/cn';
import { isForm } from '@/components/fields/field-model';
import { FieldsForm, SentenceField } from '@/components/fields/fields-form';
import type { Recipe } from './recipes';
import { ShortcutHint } from '@/components/fields/shortcut-hint';

interface RecipeInputsProps {
  recipe: Recipe;
  submit: () => void;
  /** The reference picker, which a skill working from the caller's image points to. */
  referencesId: string;
}

/** What the chosen skill or template asks for: its notices, then its generated form or one sentence. */
export function RecipeInputs({ recipe, submit, referencesId }: RecipeInputsProps) {
  const t = useTranslations('playground.inputs');
  if (recipe.locked) {
    return (
      <Notice tone="amber" icon={<LockIcon className="mt-0.5 size-4 shrink-0" />} testId="locked-notice">
        <p className="font-medium">{t('lockedTitle')}</p>
        <p className="mt-0.5">{t('lockedBody')}</p>
      </Notice>
    );
  }
  return (
    <>
      {recipe.refRequired && (
        <Notice tone="amber" icon={<ImageIcon className="mt-0.5 size-4 shrink-0" />} testId="ref-required-notice">
          <p className="font-medium">{t('refTitle')}</p>
          <p className="mt-0.5">
            {t.rich('refBody', {
              link: (chunks) => (
                <a href={`#${referencesId}`} className="font-medium underline underline-offset-2">
                  {chunks}
                </a>
              ),
            })}
          </p>
        </Notice>
      )}
      {recipe.defaultReferences > 0 && (
        <Notice tone="sky" icon={<InfoIcon className="mt-0.5 size-4 shrink-0" />}>
          {t('defaultReferences', { count: recipe.defaultReferences })}
        </Notice>
      )}
      {/* Keyed: each recipe's inputs are their own fields of the form, even where two share a key. */}
      {isForm(recipe.fields) ? (
        <FieldsForm key={recipe.key} draftKey={recipe.key} fields={recipe.fields} onSubmitShortcut={submit} />
      ) : (
        <SentenceField
          key={recipe.key}
          draftKey={recipe.key}
          label={t('sentenceLabel')}
          required={recipe.sentence === 'required'}
          onSubmitShortcut={submit}
          placeholder={t(recipe.kind === 'skill' ? 'skillPlaceholder' : 'templatePlaceholder')}
          hint={
            <>
              {t(recipe.sentence === 'required' ? 'skillHint' : 'templateHint')}
              <ShortcutHint />
            </>
          }
        />
      )}
    </>
  );
}

function Notice({
  tone,
  icon,
  children,
  testId,
}: {
  tone: 'amber' | 'sky';
  icon: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <div
      data-testid={testId}
      className={cn(
        'flex gap-2.5 rounded-lg px-3 py-2.5 text-xs leading-5 break-words ring-1 ring-inset',
        tone === 'amber' ? 'bg-amber-50 text-amber-900 ring-amber-200' : 'bg-sky-50 text-sky-900 ring-sky-200',
      )}
    >
      {icon}
      <div className="min-w-0">{children}</div>
    </div>
  );
}
