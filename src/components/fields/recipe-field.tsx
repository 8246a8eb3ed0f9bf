'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useController } from 'react-hook-form';
import { RecipePicker, type OptionsQuery, type RecipePickerProps } from './recipe-picker';

/** The skills or templates a form offers, as its hook loads them. */
export interface RecipeCatalogue {
  query: OptionsQuery & { data?: unknown };
  /** The row of the chosen slug, once loaded. */
  chosen: { slug: string } | null | undefined;
  /** The slug the form holds, which the address may have asked for. */
  asked: string | null;
}

interface RecipeFieldProps extends Pick<
  RecipePickerProps,
  'noun' | 'options' | 'onChange' | 'empty' | 'missingHint' | 'fallbackIcon'
> {
  /** The form value holding the chosen slug. */
  name: string;
  catalogue: RecipeCatalogue;
}

/**
 * The skill or template of a form, as a picker captioned with its noun: the field's problem shows under
 * it, and a slug asked for that is not offered is said above the list.
 */
export function RecipeField({ name, noun, catalogue, ...picker }: RecipeFieldProps) {
  const t = useTranslations('fields.picker');
  const { fieldState } = useController({ name });
  const { query, chosen, asked } = catalogue;
  return (
    <RecipePicker
      {...picker}
      noun={noun}
      legend={t('legend', { noun })}
      query={query}
      value={chosen?.slug ?? null}
      error={fieldState.error?.message}
      missing={asked && !chosen && query.data ? asked : null}
    />
  );
}

/** What an empty template picker says: there are none of this kind, and where to make one. */
export function NoTemplatesYet({ kind }: { kind: 'image' | 'article' }) {
  const t = useTranslations('fields.picker');
  return t.rich('noTemplates', {
    kind,
    link: (chunks) => (
      <Link href="/templates" className="font-medium text-indigo-600 hover:text-indigo-500">
        {chunks}
      </Link>
    ),
  });
}
