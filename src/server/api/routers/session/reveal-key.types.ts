import { z } from 'zod';

export const revealKeyInput = z.void();

export const revealKeyOutput = z.object({
  api_key: z.string().nullable().meta({ description: "The tenant's current key (null when it has none)" }),
});
