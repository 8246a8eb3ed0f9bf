'use client';

import Link from 'next/link';
import type { ReactNode } from 'react';
import { NoTemplatesYet, RecipeField } from '../fields/recipe-field';
import { PromptField } from './prompt-field';
import { RecipeInputs } from './recipe-inputs';
import { skillOption, templateOption } from './recipe-options';
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
  if (source === 'prompt') return <PromptField submit={submit} />;

  const skill = source === 'skill';
  const catalogue = skill ? playground.skills : playground.templates;
  return (
    <>
      <RecipeField
        name={source}
        noun={source}
        catalogue={catalogue}
        options={skill ? playground.skills.rows.map(skillOption) : playground.templates.rows.map(templateOption)}
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
  return (
    <>
      No skills are published yet. See the{' '}
      <Link href="/skills" className="font-medium text-indigo-600 hover:text-indigo-500">
        Skills
      </Link>{' '}
      page later.
    </>
  );
}

/** A template asked for by the address may be an article template, which the Articles page uses. */
function ArticleHint({ slug }: { slug: string | null }) {
  if (!slug) return null;
  return (
    <>
      If it is an article template, use it in{' '}
      <Link href={`/articles?template=${encodeURIComponent(slug)}`} className="font-medium underline">
        Articles
      </Link>
      .
    </>
  );
}
