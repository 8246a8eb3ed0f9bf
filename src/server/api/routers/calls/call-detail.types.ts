import { z } from 'zod';
import { route } from '@/server/api/meta';
import { notFoundError } from '@/server/errors';
import { callView } from './call-view.types';

export const callDetailInput = z.object({
  id: z.uuid('must be a call id (uuid)').meta({ description: 'The call id' }),
});

export const callDetailOutput = z.object({
  ok: z.literal(true),
  call: callView.meta({ description: 'The call as GET /api/calls shows it' }),
  ledger: z
    .array(
      z.object({
        kind: z.enum(['charge', 'refund']).meta({ description: 'charge or refund' }),
        amount: z.number().int().meta({ description: 'Credits moved (negative: taken)' }),
        note: z.string().nullable().meta({ description: 'What the movement was for' }),
        at: z.string().meta({ description: 'When it was written (ISO 8601)' }),
      }),
    )
    .meta({ description: 'The credit movements of this call, oldest first: its charge and any refund' }),
});

export const callDetailMeta = route(
  'GET /calls/detail',
  'Usage',
  'One call of the call log with its credit movements',
  {
    errors: [notFoundError('call')],
    description:
      '`?id=<call id>` (for a job, its job id): the call as `GET /api/calls` shows it and the ledger rows of its ' +
      'charge and refund. A member key sees only its own calls; another tenant’s call is 404.',
  },
);
