import { alertSettingsView, saveAlertSettingsInput } from '@/contracts/alerts';
import { route } from '@/server/api/meta';

export { saveAlertSettingsInput };
export const saveAlertSettingsOutput = alertSettingsView;

export const saveAlertSettingsMeta = route(
  'PUT /alert-settings',
  'Credits',
  'Set your alert thresholds and webhook address',
  {
    description:
      'Replaces every threshold and the webhook address at once. Each threshold sends one alert per crossing (an ' +
      'e-mail to the tenant admins, and to the member for a member’s, plus a signed webhook event), not one per ' +
      'request; a balance back above its threshold, or a new period, arms it again. A member spending the tenant pool ' +
      'has no balance of its own (400). Tenant key only; member keys get 403.',
  },
);
