import { saveAlertSettings } from '@/server/domain/alerts/settings';
import { tenantProcedure } from '@/server/api/trpc';
import { saveAlertSettingsInput, saveAlertSettingsMeta, saveAlertSettingsOutput } from './save-alert-settings.types';

export const saveAlertSettingsProcedure = tenantProcedure
  .meta(saveAlertSettingsMeta)
  .input(saveAlertSettingsInput)
  .output(saveAlertSettingsOutput)
  .mutation(({ ctx, input }) => saveAlertSettings(ctx, ctx.identity, input));
