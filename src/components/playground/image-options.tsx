'use client';

import { useFormContext, useWatch } from 'react-hook-form';
import { WarningIcon } from '../icons';
import { FormField } from '../ui/form';
import { SegmentedField } from '../fields/segmented-field';
import { ModelField } from './model-field';
import { BACKGROUNDS, capitalise, isSupportedRatio, QUALITIES, ratioChoices, type Background, type ImageModel, type Prices } from './options';
import type { PlaygroundValues } from './playground-form';
import { RatioGlyph } from './ratio-glyph';
import type { Recipe } from './recipes';

interface ImageOptionsProps {
  recipe: Recipe | null;
  prices: Prices;
  models: { rows: ImageModel[]; loading: boolean };
  /** What the chosen model cannot do with these settings. */
  notes: { transparent: string | null; quality: string | null };
}

/** Shape, quality, background and model of the image. */
export function ImageOptions({ recipe, prices, models, notes }: ImageOptionsProps) {
  const { control } = useFormContext<PlaygroundValues>();
  const [ratio, background] = useWatch({ control, name: ['ratio', 'background'] });
  const choices = ratioChoices(recipe?.ratio, ratio);
  return (
    <>
      {/* A recipe's own shape makes six choices: two even rows of three where one row would crowd. */}
      <div className={choices.length > 5 ? '@container [&_fieldset>div:first-of-type]:grid [&_fieldset>div:first-of-type]:grid-cols-3 @md:[&_fieldset>div:first-of-type]:grid-cols-6' : undefined}>
        <SegmentedField
          name="ratio"
          legend="Aspect ratio"
          options={choices.map((r) => ({ value: r, label: <RatioLabel ratio={r} />, ariaLabel: r }))}
          description={recipe && isSupportedRatio(recipe.ratio) ? recipeRatioNote(recipe, ratio) : undefined}
        />
      </div>

      <SegmentedField
        name="quality"
        legend="Quality"
        options={QUALITIES.map((q) => ({ value: q, label: capitalise(q), hint: `${prices[q]} credit${prices[q] === 1 ? '' : 's'}` }))}
        description={notes.quality ?? `Low ${prices.low} · Medium ${prices.medium} · High ${prices.high} credits per image`}
      />

      <SegmentedField
        name="background"
        legend="Background"
        options={BACKGROUNDS.map((b) => ({ value: b, label: capitalise(b) }))}
        description={
          notes.transparent ? (
            <span className="inline-flex items-start gap-1.5 text-amber-700" data-testid="transparent-warning">
              <WarningIcon className="mt-px size-3.5 shrink-0" />
              {notes.transparent}
            </span>
          ) : (
            BACKGROUND_NOTES[background]
          )
        }
      />

      <FormField
        control={control}
        name="model"
        render={({ field }) => <ModelField models={models.rows} value={field.value} onChange={field.onChange} loading={models.loading} />}
      />
    </>
  );
}

const BACKGROUND_NOTES: Record<Background, string> = {
  default: 'The model decides.',
  transparent: 'A PNG with an alpha channel, for cut-outs and stickers.',
  opaque: 'Always a filled background.',
};

function RatioLabel({ ratio }: { ratio: string }) {
  return (
    <>
      <RatioGlyph ratio={ratio} />
      {ratio}
    </>
  );
}

/** Under the ratio choice: the shape the chosen recipe is made for. */
function recipeRatioNote(recipe: Recipe, ratio: string): string {
  return recipe.ratio === ratio ? `${recipe.ratio} is this ${recipe.kind}'s default.` : `This ${recipe.kind} is made for ${recipe.ratio}.`;
}
