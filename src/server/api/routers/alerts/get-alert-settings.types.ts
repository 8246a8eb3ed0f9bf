import { z } from 'zod';
import { alertSettingsView } from '@/contracts/alerts';
import { route } from '@/server/api/meta';

export const getAlertSettingsInput = z.object({});
export const getAlertSettingsOutput = alertSettingsView;

export const getAlertSettingsMeta = route(
  'GET /alert-settings',
  'Credits',
  'Your alert thresholds and webhook address',
  {
    description:
      'The thresholds that send alerts (balance_low, spend_threshold, cap_reached; per tenant or per member) and the ' +
      'address their webhook events go to. Tenant key only; member keys get 403.',
  },
);
