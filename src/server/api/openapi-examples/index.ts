import { alertsExamples } from './alerts';
import { callsExamples } from './calls';
import { chatExamples } from './chat';
import { claimBatchesExamples } from './claim-batches';
import { downstreamExamples } from './downstream';
import { imagesExamples } from './images';
import { jobsExamples } from './jobs';
import { keysExamples } from './keys';
import { mediaExamples } from './media';
import { responsesExamples } from './responses';
import { templatesExamples } from './templates';
import { tenantExamples } from './tenant';
import { usageReportExamples } from './usage-report';
import { webhooksExamples } from './webhooks';
import type { OperationExample } from './types';

export type { OperationExample } from './types';

/**
 * One worked example per REST operation, keyed `METHOD /path` as the OpenAPI document writes it, in
 * one file per area of the API.
 */
export const operationExamples: Record<string, OperationExample> = {
  ...tenantExamples,
  ...keysExamples,
  ...jobsExamples,
  ...templatesExamples,
  ...downstreamExamples,
  ...mediaExamples,
  ...chatExamples,
  ...responsesExamples,
  ...imagesExamples,
  ...webhooksExamples,
  ...callsExamples,
  ...claimBatchesExamples,
  ...usageReportExamples,
  ...alertsExamples,
};
