'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useFormContext, useWatch } from 'react-hook-form';
import { WarningIcon } from '@/components/icons';
import { FormField } from '@/components/ui/form';
import { SegmentedField } from '@/components/fields/segmented-field';
import { ModelField } from './model-field';
import { usePersonalAccount } from '@/components/console/personal-account';
import { BACKGROUNDS, isSupportedRatio, QUALITIES, ratioChoices, type ImageModel, type Prices } from './options';
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
  const t = useTranslations('playground.options');
  const format = useFormatter();
  const credits = (n: number) => format.number(n, 'credits');
  const { control } = useFormContext<PlaygroundValues>();
  // A buyer's account has no routing to choose: Studio picks the model (`auto`).
  const personal = usePersonalAccount();
  const [ratio, background] = useWatch({ control, name: ['ratio', 'background'] });
  const choices = ratioChoices(recipe?.ratio, ratio);
  return (
    <>
      {/* A recipe's own shape makes six choices: two even rows of three where one row would crowd. */}
      <div
        className={
          choices.length > 5
            ? '@container [&_fieldset>div:first-of-type]:grid [&_fieldset>div:first-of-type]:grid-cols-3 @md:[&_fieldset>div:first-of-type]:grid-cols-6'
            : undefined
        }
      >
        <SegmentedField
          name="ratio"
          legend={t('ratio')}
          options={choices.map((r) => ({ value: r, label: <RatioLabel ratio={r} />, ariaLabel: r }))}
          description={
            recipe && isSupportedRatio(recipe.ratio)
              ? t(recipe.ratio === ratio ? 'recipeDefault' : 'recipeMadeFor', {
                  ratio: recipe.ratio,
                  kind: recipe.kind,
                })
              : undefined
          }
        />
      </div>

      <SegmentedField
        name="quality"
        legend={t('quality')}
        options={QUALITIES.map((q) => ({
          value: q,
          label: t('qualityName', { quality: q }),
          hint: t('price', { count: prices[q], amount: credits(prices[q]) }),
        }))}
        description={
          notes.quality ??
          t('prices', { low: credits(prices.low), medium: credits(prices.medium), high: credits(prices.high) })
        }
      />

      <SegmentedField
        name="background"
        legend={t('background')}
        options={BACKGROUNDS.map((b) => ({ value: b, label: t('backgroundName', { background: b }) }))}
        description={
          notes.transparent ? (
            <span className="inline-flex items-start gap-1.5 text-amber-700" data-testid="transparent-warning">
              <WarningIcon className="mt-px size-3.5 shrink-0" />
              {notes.transparent}
            </span>
          ) : (
            t(`backgroundNotes.${background}`)
          )
        }
      />

      {!personal && (
        <FormField
          control={control}
          name="model"
          render={({ field }) => (
            <ModelField models={models.rows} value={field.value} onChange={field.onChange} loading={models.loading} />
          )}
        />
      )}
    </>
  );
}

function RatioLabel({ ratio }: { ratio: string }) {
  return (
    <>
      <RatioGlyph ratio={ratio} />
      {ratio}
    </>
  );
}
