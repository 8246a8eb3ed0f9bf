import { z } from 'zod';
import { route } from '../../meta';

export const getPoolInput = z.object({});

export const getPoolOutput = z.object({
  ok: z.literal(true),
  allocatable: z.number().int(),
  reserved: z.number().int(),
  total: z.number().int(),
  members_dedicated: z.number().int().meta({ description: 'Members in dedicated mode' }),
});

export const getPoolMeta = route('GET /tenant-pool', 'Credits', 'The allocatable enterprise credits', {
  description: 'total = allocatable (the live tenant pool) + reserved (dedicated credits held by members).',
});
