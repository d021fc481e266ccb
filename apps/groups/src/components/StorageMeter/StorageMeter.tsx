import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS, type GroupStorage } from '@portal/api-client/core';
import './StorageMeter.css';

type Storage = Pick<GroupStorage, 'storage_capacity' | 'storage_used' | 'percent'>;

function Meter({ storage, title, warning, full }: { storage: Storage; title: string; warning: string; full: string }) {
  const { t } = useTranslation('groups');
  const id = useId();
  const percent = Math.max(0, storage.percent);
  const level = percent >= 100 ? 'full' : percent >= LIMITS.storageWarningPercent ? 'warning' : 'ok';
  return (
    <section className={`pgrp-storage pgrp-storage--${level}`} aria-labelledby={id}>
      <h2 id={id} className="pgrp-section-title">
        {title}
      </h2>
      <div
        className="pgrp-storage__bar"
        role="progressbar"
        aria-label={title}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.min(100, percent)}
      >
        <span className="pgrp-storage__fill" style={{ width: `${Math.min(100, percent)}%` }} />
      </div>
      <p className="pgrp-storage__numbers">
        {t('storage.usage', { used: storage.storage_used.toFixed(2), capacity: storage.storage_capacity, percent: percent.toFixed(2) })}
      </p>
      {level !== 'ok' && (
        <p role="alert" className="pgrp-storage__alert">
          {level === 'full' ? full : warning}
        </p>
      )}
    </section>
  );
}

/**
 * Spec section 3 "Storage": capacity (GB), used, percent to 2 decimals; warnings at 80 % and full.
 * Beside the group's figure the company's (`company`), since group files count against both and
 * a group with room left is refused an upload once the company is full.
 */
export function StorageMeter({ storage, company }: { storage: Storage; company?: Storage | undefined }) {
  const { t } = useTranslation('groups');
  const values = { percent: LIMITS.storageWarningPercent };
  return (
    <div className="pgrp-storage-pair">
      <Meter storage={storage} title={t('storage.title')} warning={t('storage.warning', values)} full={t('storage.full')} />
      {company && (
        <Meter
          storage={company}
          title={t('storage.company_title')}
          warning={t('storage.company_warning', values)}
          full={t('storage.company_full')}
        />
      )}
    </div>
  );
}
