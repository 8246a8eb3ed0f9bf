import { z } from 'zod';

/** The operator sign-in, checked in the browser before the action runs and by the action itself. */
export const operatorKeySchema = z.object({
  key: z.string().trim().min(1, 'Enter the super-administrator key'),
});
