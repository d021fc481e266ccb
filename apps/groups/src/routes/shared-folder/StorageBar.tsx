import { useTranslation } from 'react-i18next';
import { LIMITS, type StorageUsage } from '@portal/api-client/core';
import { formatFileSize } from '../../components/FileRow';
import '../../components/StorageMeter/StorageMeter.css';

const GB = 1024 ** 3;

/** Capacities are set in GB, so amounts from 1 GB up read in GB; smaller ones as file sizes. */
export function formatStorageAmount(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(2)} GB` : formatFileSize(bytes);
}

/** Group storage use with the section-9 warnings: at 80 % and when full (uploads are refused then). */
export function StorageBar({ usage }: { usage: StorageUsage }) {
  const { t } = useTranslation('files');
  const percent = Math.max(0, usage.percent);
  const level = usage.full ? 'full' : usage.warning ? 'warning' : 'ok';
  return (
    <section className={`pgrp-storage pgrp-storage--${level}`} aria-label={t('storage.title')}>
      <div
        className="pgrp-storage__bar"
        role="progressbar"
        aria-label={t('storage.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
      >
        <span className="pgrp-storage__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="pgrp-storage__numbers">
        {t('storage.usage', { used: formatStorageAmount(usage.used_bytes), capacity: formatStorageAmount(usage.capacity_bytes), percent: percent.toFixed(2) })}
      </p>
      {level !== 'ok' && (
        <p role="alert" className="pgrp-storage__alert">
          {t(level === 'full' ? 'storage.full' : 'storage.warning', { percent: LIMITS.storageWarningPercent })}
        </p>
      )}
    </section>
  );
}
