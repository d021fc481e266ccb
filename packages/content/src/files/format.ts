import { toTokyo } from '@portal/ui';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;

/**
 * Sizes as the spec shows them: whole KB below 1 MB, MB with one decimal above; under 1 KB the
 * exact bytes (a 5-byte file read as "1 KB" looked five hundred times larger than it is).
 */
export function formatFileSize(bytes: number): string {
  if (bytes >= MB) return `${(bytes / MB).toFixed(1)} MB`;
  if (bytes < KB) return `${bytes} B`;
  return `${Math.round(bytes / KB)} KB`;
}

/** Capacities are set in GB, so amounts from 1 GB up read in GB; smaller ones as file sizes. */
export function formatStorageAmount(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : formatFileSize(bytes);
}

/** Full date and time in Japan time: versions and uploads need the year and the hour. */
export function formatFileDateTime(epochMs: number): string {
  return toTokyo(epochMs).format('YYYY/MM/DD HH:mm');
}
