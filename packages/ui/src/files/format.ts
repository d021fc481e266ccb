import { toTokyo } from '@portal/ui';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/** Sizes as the spec shows them: KB below 1 MB (at least 1 KB when not empty), MB above, one decimal. */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes === 0) return '0 KB';
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

/** Capacities are set in GB, so amounts from 1 GB up read in GB; smaller ones as file sizes. */
export function formatStorageAmount(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : formatFileSize(bytes);
}

/** Full date and time in Japan time: versions and uploads need the year and the hour. */
export function formatFileDateTime(epochMs: number): string {
  return toTokyo(epochMs).format('YYYY/MM/DD HH:mm');
}
