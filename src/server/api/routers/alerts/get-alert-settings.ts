import { getAlertSettings } from '@/server/domain/alerts/settings';
import { tenantProcedure } from '@/server/api/trpc';
import { getAlertSettingsInput, getAlertSettingsMeta, getAlertSettingsOutput } from './get-alert-settings.types';

export const getAlertSettingsProcedure = tenantProcedure
  .meta(getAlertSettingsMeta)
  .input(getAlertSettingsInput)
  .output(getAlertSettingsOutput)
  .query(({ ctx }) => getAlertSettings(ctx, ctx.identity));
