import { z } from 'zod';

/** Shapes shared by several procedures' contracts. */
export const okTrue = z.literal(true);

export const tenantOut = z.object({
  id: z.uuid(),
  name: z.string(),
  quota_monthly: z.number().int(),
  credits: z.number().int(),
  created_at: z.string(),
  admin_email: z.string().nullable(),
});

