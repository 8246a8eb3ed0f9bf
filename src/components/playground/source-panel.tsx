'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { NoTemplatesYet, RecipeField } from '@/components/fields/recipe-field';
import { PromptField } from './prompt-field';
import { RecipeInputs } from './recipe-inputs';
import { skillOption, templateOption, useTemplateOptionWords } from './recipe-options';
import type { PlaygroundForm } from './use-playground-form';

interface SourcePanelProps {
  playground: PlaygroundForm;
  /** The reference picker, shown here when the chosen skill works from the caller's image. */
  references: ReactNode;
  referencesId: string;
}

/** The panel of the chosen source: the prompt, or a skill or template picker with what the chosen one asks for. */
export function SourcePanel({ playground, references, referencesId }: SourcePanelProps) {
  const { source, recipe, submit } = playground;
  const words = useTemplateOptionWords();
  if (source === 'prompt') return <PromptField submit={submit} />;

  const skill = source === 'skill';
  const catalogue = skill ? playground.skills : playground.templates;
  return (
    <>
      <RecipeField
        name={source}
        noun={source}
        catalogue={catalogue}
        options={
          skill
            ? playground.skills.rows.map(skillOption)
            : playground.templates.rows.map((row) => templateOption(row, words))
        }
        onChange={(slug) => playground.choose(source, slug)}
        missingHint={skill ? null : <ArticleHint slug={catalogue.asked} />}
        empty={skill ? <NoSkillsYet /> : <NoTemplatesYet kind="image" />}
      />
      {recipe && <RecipeInputs recipe={recipe} submit={submit} referencesId={referencesId} />}
      {skill && references}
    </>
  );
}

function NoSkillsYet() {
  const t = useTranslations('playground.source');
  return t.rich('noSkills', {
    link: (chunks) => (
      <Link href="/skills" className="font-medium text-indigo-600 hover:text-indigo-500">
        {chunks}
      </Link>
    ),
  });
}

/** A template asked for by the address may be an article template, which the Articles page uses. */
function ArticleHint({ slug }: { slug: string | null }) {
  const t = useTranslations('playground.source');
  if (!slug) return null;
  return t.rich('articleHint', {
    link: (chunks) => (
      <Link href={`/articles?template=${encodeURIComponent(slug)}`} className="font-medium underline">
        {chunks}
      </Link>
    ),
  });
}
