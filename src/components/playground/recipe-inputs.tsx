'use client';

import type { ReactNode } from 'react';
import { ImageIcon, InfoIcon, LockIcon } from '../icons';
import { cn } from '../ui/cn';
import { isForm } from '../fields/field-model';
import { FieldsForm, SentenceField } from '../fields/fields-form';
import type { Recipe } from './recipes';

interface RecipeInputsProps {
  recipe: Recipe;
  submit: () => void;
  /** The reference picker, which a skill working from the caller's image points to. */
  referencesId: string;
}

/** What the chosen skill or template asks for: its notices, then its generated form or one sentence. */
export function RecipeInputs({ recipe, submit, referencesId }: RecipeInputsProps) {
  if (recipe.locked) {
    return (
      <Notice tone="amber" icon={<LockIcon className="mt-0.5 size-4 shrink-0" />} testId="locked-notice">
        <p className="font-medium">This template comes with a claim code.</p>
        <p className="mt-0.5">You can see what it makes; its form opens once your workspace redeems a claim code that includes it.</p>
      </Notice>
    );
  }
  return (
    <>
      {recipe.refRequired && (
        <Notice tone="amber" icon={<ImageIcon className="mt-0.5 size-4 shrink-0" />} testId="ref-required-notice">
          <p className="font-medium">This skill works from your own image.</p>
          <p className="mt-0.5">
            Choose at least one{' '}
            <a href={`#${referencesId}`} className="font-medium underline underline-offset-2">
              reference image
            </a>{' '}
            below: the product, garment or photo the result should keep.
          </p>
        </Notice>
      )}
      {recipe.defaultReferences > 0 && (
        <Notice tone="sky" icon={<InfoIcon className="mt-0.5 size-4 shrink-0" />}>
          This template brings {recipe.defaultReferences === 1 ? 'its own reference image' : `${recipe.defaultReferences} reference images`};
          any you choose below are used instead.
        </Notice>
      )}
      {/* Keyed: each recipe's inputs are their own fields of the form, even where two share a key. */}
      {isForm(recipe.fields) ? (
        <FieldsForm key={recipe.key} draftKey={recipe.key} fields={recipe.fields} onSubmitShortcut={submit} />
      ) : (
        <SentenceField
          key={recipe.key}
          draftKey={recipe.key}
          label="Your sentence"
          required={recipe.sentence === 'required'}
          onSubmitShortcut={submit}
          placeholder={recipe.kind === 'skill' ? 'One sentence about what you want, in any language' : 'Anything to add, in one sentence'}
          hint={
            recipe.sentence === 'required'
              ? 'Studio turns it into the full prompt. Press Ctrl+Enter to generate.'
              : 'Added to the template as written; leave it empty to use the template as it is.'
          }
        />
      )}
    </>
  );
}

function Notice({ tone, icon, children, testId }: { tone: 'amber' | 'sky'; icon: ReactNode; children: ReactNode; testId?: string }) {
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
