import { notFoundError } from '@/server/errors';
import { z } from 'zod';
import { conversionResultSchema } from '@/contracts/image-template';
import { route } from '@/server/api/meta';

export const getResultInput = z.object({
  job_id: z
    .uuid('must be the jobId of an asynchronous image-to-template call (uuid)')
    .meta({ description: 'The `jobId` of an asynchronous POST /api/image-to-template' }),
});

export const getResultOutput = conversionResultSchema;

export const getResultMeta = route(
  'GET /image-to-template',
  'Images',
  'The result of an asynchronous image-to-template job',
  {
    errors: [notFoundError('conversion job')],
    // The REST operation id predates the router key; it is part of the published API.
    operationId: 'imageToTemplate-result',
    description:
      '`?job_id=<jobId>` from an asynchronous `POST /api/image-to-template`. Done: `{ok: true, status: ' +
      '"done", result}` where `result` has the same structure as the synchronous answer. Pending: `status: ' +
      '"pending"`, `result: null` and the `steps` so far (receive image, parse image, extract text layers, ' +
      'create template; each `running`, `ok` or `fail`). Failed: `status: "failed"`, `result: null`, ' +
      '`error` (a watchdog time-out says it is a time-out fallback, not a model failure) and the step that ' +
      'failed. Always `job_id` and `steps`. Another tenant’s job, or a job that is not a conversion, is ' +
      '404. Tenant key only.',
  },
);
