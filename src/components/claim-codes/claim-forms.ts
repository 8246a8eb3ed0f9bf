import { z } from 'zod';
import { claimCreateSchema } from '@/contracts/claims';
import { numberText, optionalText, worded } from '../console/form-rules';

const rules = claimCreateSchema.shape;

const credits = numberText('Enter the number of credits.').pipe(
  worded(rules.credits, {
    invalid_type: 'Enter a whole number of credits, 1 or more.',
    too_small: 'Enter a whole number of credits, 1 or more.',
  }),
);

/** The credits a field holds now, when it reads as a valid amount (for the hint beside it). */
export const claimCreditsOf = (text: string): number | undefined => credits.safeParse(text).data;

/** The new-claim form; what it hands over is the body of `claims.create`. */
export const claimFormSchema = z
  .object({
    template_ids: z.array(z.string()).min(1, 'Pick at least one template.').pipe(worded(rules.template_ids)),
    credits,
    note: optionalText.pipe(worded(rules.note)),
    tutorial_pdf_url: optionalText.pipe(worded(rules.tutorial_pdf_url, { invalid_format: 'Enter a full link starting with https:// or http://.' })),
    tutorial_pdf_title: optionalText.pipe(worded(rules.tutorial_pdf_title)),
  })
  // The title names the link, so it goes only with one.
  .transform(({ tutorial_pdf_title, ...body }) => (body.tutorial_pdf_url && tutorial_pdf_title ? { ...body, tutorial_pdf_title } : body));

export type ClaimFormValues = z.input<typeof claimFormSchema>;
