import { listAlerts } from '@/server/domain/alerts/settings';
import { scopedProcedure } from '@/server/api/trpc';
import { listAlertsInput, listAlertsMeta, listAlertsOutput } from './list-alerts.types';

export const listAlertsProcedure = scopedProcedure
  .meta(listAlertsMeta)
  .input(listAlertsInput)
  .output(listAlertsOutput)
  .query(({ ctx, input }) => listAlerts(ctx, ctx.identity, input));
