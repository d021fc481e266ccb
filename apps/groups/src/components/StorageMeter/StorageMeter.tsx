import { useTranslation } from 'react-i18next';
import { LIMITS, type GroupStorage } from '@portal/api-client/core';
import './StorageMeter.css';

/** Spec section 3 "Storage": capacity (GB), used, percent to 2 decimals; warnings at 80 % and full. */
export function StorageMeter({ storage }: { storage: Pick<GroupStorage, 'storage_capacity' | 'storage_used' | 'percent'> }) {
  const { t } = useTranslation('groups');
  const percent = Math.max(0, storage.percent);
  const level = percent >= 100 ? 'full' : percent >= LIMITS.storageWarningPercent ? 'warning' : 'ok';
  return (
    <section className={`pgrp-storage pgrp-storage--${level}`} aria-labelledby="pgrp-storage-title">
      <h2 id="pgrp-storage-title" className="pgrp-section-title">
        {t('storage.title')}
      </h2>
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
        {t('storage.usage', {
          used: storage.storage_used.toFixed(2),
          capacity: storage.storage_capacity,
          percent: percent.toFixed(2),
        })}
      </p>
      {level !== 'ok' && (
        <p role="alert" className="pgrp-storage__alert">
          {t(level === 'full' ? 'storage.full' : 'storage.warning', { percent: LIMITS.storageWarningPercent })}
        </p>
      )}
    </section>
  );
}
