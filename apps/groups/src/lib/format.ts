import { toTokyo } from '@portal/ui';

/** Full date and time in Japan time: expiry and request dates need the year and the hour. */
export function formatDateTime(epochMs: number): string {
  return toTokyo(epochMs).format('YYYY/MM/DD HH:mm');
}
