import { z } from 'zod';
import type { useTranslations } from 'next-intl';
import { claimBatchCreateSchema, claimCreateSchema } from '@/contracts/claims';
import { numberText, optionalText, worded, type Issue } from '@/components/console/form-rules';

const rules = claimCreateSchema.shape;

/** The refusals of the new-claim form, from the `claimCodes.forms` catalogue (`useTranslations` or `getTranslations`). */
export type ClaimFormErrors = ReturnType<typeof useTranslations<'claimCodes.forms'>>;

/** The limit a refused value broke (`maximum` of a too_big issue), for the message that names it. */
const maximum = (issue: Issue) => ('maximum' in issue ? Number(issue.maximum) : 0);

/** A credits field read by the contract's rule, words aside: only whether it holds an amount matters. */
const anyCredits = numberText('').pipe(worded(rules.credits));

/** The credits a field holds now, when it reads as a valid amount (for the hint beside it). */
export const claimCreditsOf = (text: string): number | undefined => anyCredits.safeParse(text).data;

/**
 * The new-claim form, refusing in the page's language; what it hands over is the body of `claims.create`
 * with `count`, the number of codes (above 1: the body of `claims.createBatch`).
 */
export function claimFormSchema(t: ClaimFormErrors) {
  const credits = numberText(t('creditsRequired')).pipe(
    worded(rules.credits, {
      invalid_type: t('creditsWhole'),
      too_small: t('creditsWhole'),
      too_big: (issue) => t('creditsTooMany', { max: maximum(issue) }),
    }),
  );
  const tooLong = (issue: Issue) => t('tooLong', { max: maximum(issue) });
  // Empty means one code; more than one makes a batch with the same credits and templates.
  const count = z
    .string()
    .optional()
    .transform((v) => v?.trim() || '1')
    .pipe(
      numberText(t('countWhole')).pipe(
        worded(claimBatchCreateSchema.shape.count, {
          invalid_type: t('countWhole'),
          too_small: t('countWhole'),
          too_big: (issue) => t('countTooMany', { max: maximum(issue) }),
        }),
      ),
    );

  return (
    z
      .object({
        template_ids: z
          .array(z.string())
          .min(1, t('templatesRequired'))
          .pipe(worded(rules.template_ids, { too_big: (issue) => t('templatesTooMany', { max: maximum(issue) }) })),
        credits,
        count,
        note: optionalText.pipe(worded(rules.note, { too_big: tooLong })),
        tutorial_pdf_url: optionalText.pipe(
          worded(rules.tutorial_pdf_url, { invalid_format: t('linkInvalid'), too_big: tooLong }),
        ),
        tutorial_pdf_title: optionalText.pipe(worded(rules.tutorial_pdf_title, { too_big: tooLong })),
      })
      // The title names the link, so it goes only with one.
      .transform(({ tutorial_pdf_title, ...body }) =>
        body.tutorial_pdf_url && tutorial_pdf_title ? { ...body, tutorial_pdf_title } : body,
      )
  );
}

export type ClaimFormValues = z.input<ReturnType<typeof claimFormSchema>>;
