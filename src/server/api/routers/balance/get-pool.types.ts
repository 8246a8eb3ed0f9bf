import { z } from 'zod';
import { route } from '@/server/api/meta';

export const getPoolInput = z.object({});

export const getPoolOutput = z.object({
  ok: z.literal(true),
  allocatable: z.number().int().meta({
    description:
      'Credits in the live tenant pool: what shared members spend and what can still be given to dedicated members',
  }),
  reserved: z.number().int().meta({ description: 'Credits held by members in dedicated mode, summed' }),
  total: z.number().int().meta({ description: 'allocatable + reserved, in credits' }),
  members_dedicated: z.number().int().meta({ description: 'Members in dedicated mode' }),
});

export const getPoolMeta = route('GET /tenant-pool', 'Credits', 'The allocatable enterprise credits', {
  description: 'total = allocatable (the live tenant pool) + reserved (dedicated credits held by members).',
});
