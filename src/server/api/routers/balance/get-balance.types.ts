import { z } from 'zod';
import { route } from '@/server/api/meta';

export const getBalanceInput = z.object({});

export const getBalanceOutput = z.object({
  ok: z.literal(true),
  credits: z.number().int().meta({ description: 'Credits the caller can spend now' }),
  pool: z.enum(['tenant', 'dedicated']).meta({ description: "tenant: the tenant's pool; dedicated: the member's own" }),
});

export const getBalanceMeta = route('GET /balance', 'Credits', "The caller's remaining credits", {
  description:
    'Tenant key: the tenant pool. Member key: its dedicated credits, or the tenant pool for a shared-pool member.',
});
