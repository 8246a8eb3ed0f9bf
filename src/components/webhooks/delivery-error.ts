/** The kinds of failed delivery the console names in the reader's language (docs/api.md → Webhooks). */
export type DeliveryErrorClass = 'http' | 'timeout' | 'unreachable' | 'refused' | 'other';

/**
 * What went wrong with a delivery, from its state and the receiver's status code; the stored text
 * (English, as the API answers it) decides only between a time-out and an unreachable receiver, and
 * stays on the page as detail.
 */
export function deliveryErrorClass(d: {
  state: string;
  status_code: number | null;
  error: string | null;
}): DeliveryErrorClass | null {
  if (!d.error) return null;
  if (d.state === 'refused') return 'refused';
  if (d.status_code !== null) return 'http';
  if (/did not answer/i.test(d.error)) return 'timeout';
  if (/could not be reached/i.test(d.error)) return 'unreachable';
  return 'other';
}
