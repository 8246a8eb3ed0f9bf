import { alertListView, listAlertsInput } from '@/contracts/alerts';
import { route } from '@/server/api/meta';

export { listAlertsInput };
export const listAlertsOutput = alertListView;

export const listAlertsMeta = route('GET /alerts', 'Credits', 'The alerts sent, newest first', {
  description:
    'Every alert fired (balance.low, spend.threshold, cap.reached): when, the value that crossed, its threshold and ' +
    'period, how many e-mails were written and what became of its webhook. A member key lists only its own alerts.',
});
