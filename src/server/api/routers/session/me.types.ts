import { z } from 'zod';

export const meInput = z.void();

export const meOutput = z.object({
  kind: z.enum(['tenant', 'member']),
  /** A buyer's platform account (opened by a claim code): the console shows the buyer view. */
  personal: z.boolean(),
  tenant: z.object({ id: z.string(), name: z.string(), credits: z.number().int(), quota_monthly: z.number().int() }),
  /** What the signed-in user can spend now: a member with dedicated credits its own, everyone else the tenant pool. */
  spendable: z.number().int(),
  /** True when the bundled simulator serves requests: the console then says results are simulated. */
  simulated: z.boolean(),
});
