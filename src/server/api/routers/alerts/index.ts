import { router } from '@/server/api/trpc';
import { getAlertSettingsProcedure } from './get-alert-settings';
import { listAlertsProcedure } from './list-alerts';
import { saveAlertSettingsProcedure } from './save-alert-settings';

export const alertsRouter = router({
  settings: getAlertSettingsProcedure,
  save: saveAlertSettingsProcedure,
  list: listAlertsProcedure,
});
